package dev.authservice.bootstrap.recovery;

import dev.authservice.adapter.in.web.PublicUrl;
import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.mail.service.MailQueue;
import dev.authservice.application.recovery.port.in.SendSignUpMailUseCase;
import dev.authservice.application.recovery.port.in.SignUpUseCase;
import dev.authservice.application.recovery.service.RequestAdmission;
import dev.authservice.application.recovery.service.SendSignUpMailService;
import dev.authservice.application.recovery.service.SignUpService;
import dev.authservice.application.recovery.service.SignUps;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.application.user.port.out.UsernameSecurityProfile;
import dev.authservice.application.user.service.EmailVerificationMail;
import dev.authservice.application.user.service.NewAccountChecks;
import dev.authservice.bootstrap.configuration.Development;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.user.PasswordPolicy;
import dev.authservice.domain.user.SignUpPolicy;
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
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;

/**
 * Wires sign-up where it is on ({@link SignUpEnabled}). Its mails need a way out and an address to point at: outside
 * development sign-up with no SMTP server or no public URL stops the start, naming the keys. The work after a
 * sign-up's answer (the account, or the mail that says why none) runs on the blocking executor. Sign-up counts
 * under the password reset's limits, apart from resets.
 */
@Factory
@Requires(condition = SignUpEnabled.class)
class SignUpUseCaseFactory {

    private static final String ENABLED = SignUpEnabled.KEY + " (AUTH_SIGN_UP_ENABLED)";

    /** Built with the context, so that sign-up with no way to mail stops the start, and the clean-up runs. */
    @Context
    SignUpPolicy signUpPolicy(@Property(name = "auth.sign-up.pending-lifetime") Duration pendingLifetime,
                              PublicUrl publicUrl, @Property(name = "auth.mail.smtp.host") @Nullable String smtpHost,
                              Environment environment) {
        if (!Development.isActive(environment)) {
            if (smtpHost == null) {
                throw new MisconfigurationException(ENABLED + " is on but auth.mail.smtp.host (AUTH_MAIL_SMTP_HOST) "
                        + "is not set: no verification link could be mailed. Set the SMTP server, or set "
                        + SignUpEnabled.KEY + " to false");
            }
            if (publicUrl.resolve("").isEmpty()) {
                throw new MisconfigurationException(ENABLED + " is on but auth.public-url (AUTH_PUBLIC_URL) is not "
                        + "set: a verification link needs the address users reach");
            }
        }
        try {
            return new SignUpPolicy(pendingLifetime);
        } catch (InvalidValueException e) {
            throw new MisconfigurationException("auth.sign-up.pending-lifetime (AUTH_SIGN_UP_PENDING_LIFETIME): "
                    + e.getMessage());
        }
    }

    @Singleton
    SignUps signUps(UserStore users, PasswordHasher hasher, RandomSource random, EmailVerificationMail verification,
                    MailQueue mail, AuditLog audit, PublicUrl publicUrl, Provider<EmbeddedServer> server) {
        Optional<String> configured = publicUrl.resolve("");
        return new SignUps(users, hasher, random, verification, mail, audit,
                () -> configured.orElseGet(() -> withoutTrailingSlash(server.get().getURL().toString())));
    }

    @Singleton
    SignUpUseCase signUp(UsernameSecurityProfile newUsernames, PasswordPolicy passwords, RequestAdmission admission,
                         SignUps signUps, SignUpPolicy policy, @Named(TaskExecutors.BLOCKING) ExecutorService blocking,
                         Clock clock) {
        return new SignUpService(new NewAccountChecks(newUsernames, passwords), admission, signUps,
                AfterTheAnswer.on(blocking, "A sign-up"), clock);
    }

    @Singleton
    SendSignUpMailUseCase sendSignUpMail(RequestAdmission admission, SignUps signUps,
                                         @Named(TaskExecutors.BLOCKING) ExecutorService blocking, Clock clock) {
        return new SendSignUpMailService(admission, signUps, AfterTheAnswer.on(blocking, "A sign-up's mail again"),
                clock);
    }

    private static String withoutTrailingSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
