package dev.authservice.bootstrap.notice;

import dev.authservice.application.mail.service.MailQueue;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.application.user.port.out.UserStore;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;

@Factory
class NoticeFactory {

    /** The user store is where a notice reads the account's address and name. */
    @Singleton
    CredentialChanges credentialChanges(Transactions transactions, UserStore users, SessionStore sessions,
                                        MailQueue mail) {
        return new CredentialChanges(transactions, users, sessions, mail);
    }
}
