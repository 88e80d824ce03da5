package dev.authservice.bootstrap.recovery;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.mailedtoken.port.out.MailedTokenStore;
import dev.authservice.application.recovery.port.in.SendVerificationMailUseCase;
import dev.authservice.application.recovery.port.in.VerifyEmailUseCase;
import dev.authservice.application.recovery.port.out.ResetRequestLog;
import dev.authservice.application.recovery.service.RequestAdmission;
import dev.authservice.application.recovery.service.SendVerificationMailService;
import dev.authservice.application.recovery.service.VerifyEmailService;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.application.user.service.EmailVerificationMail;
import dev.authservice.domain.recovery.ResetRequestLimit;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * Wires the verification of addresses: on wherever the service runs, since every new address is mailed a link
 * (the mail goes out as the outbox's transport allows). A link asked for again meets the reset's limits.
 */
@Factory
class EmailVerificationUseCaseFactory {

    @Singleton
    VerifyEmailUseCase verifyEmail(MailedTokenStore tokens, UserStore users, Transactions transactions,
                                   AuditLog audit, Clock clock) {
        return new VerifyEmailService(tokens, users, transactions, audit, clock);
    }

    /** One for every request that sends mail: a verification link again, a reset, a sign-up. */
    @Singleton
    RequestAdmission requestAdmission(ResetRequestLog requests, ResetRequestLimit limit) {
        return new RequestAdmission(requests, limit);
    }

    @Singleton
    SendVerificationMailUseCase sendVerificationMail(UserStore users, RequestAdmission admission,
                                                     EmailVerificationMail verification, AuditLog audit,
                                                     Clock clock) {
        return new SendVerificationMailService(users, admission, verification, audit, clock);
    }
}
