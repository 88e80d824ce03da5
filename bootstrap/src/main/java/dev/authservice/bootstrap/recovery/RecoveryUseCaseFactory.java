package dev.authservice.bootstrap.recovery;

import dev.authservice.adapter.in.web.PublicUrl;
import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.mail.service.MailQueue;
import dev.authservice.application.mailedtoken.port.out.MailedTokenStore;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.recovery.port.in.RequestPasswordResetUseCase;
import dev.authservice.application.recovery.port.in.ResetPasswordUseCase;
import dev.authservice.application.recovery.service.RequestAdmission;
import dev.authservice.application.recovery.service.RequestPasswordResetService;
import dev.authservice.application.recovery.service.ResetIssuer;
import dev.authservice.application.recovery.service.ResetPasswordService;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.bootstrap.configuration.Development;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import dev.authservice.domain.recovery.ResetTokenPolicy;
import dev.authservice.domain.user.PasswordPolicy;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.env.Environment;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.scheduling.TaskExecutors;
import jakarta.inject.Named;
import jakarta.inject.Provider;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.ExecutorService;

/**
 * Wires the password reset where it is on ({@link PasswordResetEnabled}). Its links need a way out and an address to
 * point at: outside development a reset with no SMTP server or no public URL stops the start, naming the keys. The
 * lookup and the mail of a request run on the blocking executor after the answer.
 */
@Factory
@Requires(condition = PasswordResetEnabled.class)
class RecoveryUseCaseFactory {

    private static final String ENABLED = PasswordResetEnabled.KEY + " (AUTH_PASSWORD_RESET_ENABLED)";

    /**
     * Built with the context, so that a reset with no way to mail its link stops the start. In development a service
     * on a random port has no public URL until it listens: its links then point at the address it listens on.
     */
    @Context
    ResetIssuer resetIssuer(UserStore users, MailedTokenStore tokens, MailQueue mail, Transactions transactions,
                            RandomSource random, ResetTokenPolicy policy, PublicUrl publicUrl,
                            @Property(name = "auth.mail.smtp.host") @Nullable String smtpHost,
                            Provider<EmbeddedServer> server, Environment environment, Clock clock) {
        Optional<String> configured = publicUrl.resolve("");
        if (!Development.isActive(environment)) {
            if (smtpHost == null) {
                throw new MisconfigurationException(ENABLED + " is on but auth.mail.smtp.host (AUTH_MAIL_SMTP_HOST) "
                        + "is not set: no reset link could be mailed. Set the SMTP server, or set "
                        + PasswordResetEnabled.KEY + " to false");
            }
            if (configured.isEmpty()) {
                throw new MisconfigurationException(ENABLED + " is on but auth.public-url (AUTH_PUBLIC_URL) is not "
                        + "set: a reset link needs the address users reach");
            }
        }
        return new ResetIssuer(users, tokens, mail, transactions, random, policy,
                () -> configured.orElseGet(() -> withoutTrailingSlash(server.get().getURL().toString())), clock);
    }

    private static String withoutTrailingSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    @Singleton
    RequestPasswordResetUseCase requestPasswordReset(RequestAdmission admission, ResetIssuer issuer,
                                                     @Named(TaskExecutors.BLOCKING) ExecutorService blocking,
                                                     Clock clock) {
        return new RequestPasswordResetService(admission, issuer,
                AfterTheAnswer.on(blocking, "A password-reset request"), clock);
    }

    @Singleton
    ResetPasswordUseCase resetPassword(MailedTokenStore tokens, UserStore users, PasswordHasher hasher,
                                       PasswordPolicy passwords, CredentialChanges changes, AuditLog audit,
                                       Clock clock) {
        return new ResetPasswordService(tokens, users, hasher, passwords, changes, audit, clock);
    }
}
