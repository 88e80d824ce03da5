package dev.authservice.bootstrap.user;

import dev.authservice.adapter.in.web.PublicUrl;
import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.mail.service.MailQueue;
import dev.authservice.application.mailedtoken.port.out.MailedTokenStore;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.application.user.port.in.ChangeMyEmailUseCase;
import dev.authservice.application.user.port.in.ChangePasswordUseCase;
import dev.authservice.application.user.port.in.CheckPublishedCredentialsUseCase;
import dev.authservice.application.user.port.in.CreateUserUseCase;
import dev.authservice.application.user.port.in.GetMyEmailUseCase;
import dev.authservice.application.user.port.in.GetUserUseCase;
import dev.authservice.application.user.port.in.ListUsersUseCase;
import dev.authservice.application.user.port.in.ProvisionFirstAdministratorUseCase;
import dev.authservice.application.user.port.in.RevokeUserSessionsUseCase;
import dev.authservice.application.user.port.in.SetUserEmailUseCase;
import dev.authservice.application.user.port.in.SetUserEnabledUseCase;
import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.application.user.port.out.UsernameSecurityProfile;
import dev.authservice.application.user.service.ChangeMyEmailService;
import dev.authservice.application.user.service.ChangePasswordService;
import dev.authservice.application.user.service.CheckPublishedCredentialsService;
import dev.authservice.application.user.service.CreateUserService;
import dev.authservice.application.user.service.EmailVerificationMail;
import dev.authservice.application.user.service.GetMyEmailService;
import dev.authservice.application.user.service.GetUserService;
import dev.authservice.application.user.service.ListUsersService;
import dev.authservice.application.user.service.PasswordCheck;
import dev.authservice.application.user.service.ProvisionFirstAdministratorService;
import dev.authservice.application.user.service.RevokeUserSessionsService;
import dev.authservice.application.user.service.SetUserEmailService;
import dev.authservice.application.user.service.SetUserEnabledService;
import dev.authservice.bootstrap.configuration.PolicyFactory;
import dev.authservice.domain.user.EmailVerificationPolicy;
import dev.authservice.domain.user.PasswordPolicy;
import io.micronaut.context.annotation.Factory;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Provider;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Optional;

/**
 * Wires the use cases of user accounts: creating, reading, listing, enabling and disabling them, changing a password,
 * ending all of a user's sessions, and the first administrator and published passwords checked at start.
 * The services are plain classes, built from the ports the adapters provide and the policies {@link PolicyFactory}
 * reads from the configuration.
 */
@Factory
class UserUseCaseFactory {

    /** Made once: it hashes a random password at start, which an unknown user's login is checked against. */
    @Singleton
    PasswordCheck passwordCheck(UserStore users, PasswordHasher hasher, RandomSource random) {
        return new PasswordCheck(users, hasher, random);
    }

    @Singleton
    CreateUserUseCase createUser(UserStore users, UsernameSecurityProfile newUsernames, PasswordHasher hasher,
                                 PasswordPolicy passwords, RandomSource random, AuditLog audit, Clock clock) {
        return new CreateUserService(users, newUsernames, hasher, passwords, random, audit, clock);
    }

    @Singleton
    ProvisionFirstAdministratorUseCase provisionFirstAdministrator(UserStore users, CreateUserUseCase createUser) {
        return new ProvisionFirstAdministratorService(users, createUser);
    }

    @Singleton
    CheckPublishedCredentialsUseCase checkPublishedCredentials(UserStore users, PasswordHasher hasher) {
        return new CheckPublishedCredentialsService(users, hasher);
    }

    @Singleton
    GetUserUseCase getUser(UserStore users) {
        return new GetUserService(users);
    }

    @Singleton
    SetUserEnabledUseCase setUserEnabled(UserStore users, CredentialChanges changes, AuditLog audit,
                                         Clock clock) {
        return new SetUserEnabledService(users, changes, audit, clock);
    }

    @Singleton
    ChangePasswordUseCase changePassword(UserStore users, PasswordHasher hasher, PasswordPolicy passwords,
                                         LoginAttemptLog attempts, CredentialChanges changes, StepUp stepUp,
                                         AuditLog audit, Clock clock) {
        return new ChangePasswordService(users, hasher, passwords, attempts, changes, stepUp, audit, clock);
    }

    @Singleton
    ListUsersUseCase listUsers(UserStore users) {
        return new ListUsersService(users);
    }

    @Singleton
    RevokeUserSessionsUseCase revokeUserSessions(UserStore users, SessionStore sessions, AuditLog audit,
                                                 Clock clock) {
        return new RevokeUserSessionsService(users, sessions, audit, clock);
    }

    /**
     * The links that verify new addresses point at the public URL; where none is configured, at the address the
     * service listens on, known once it listens.
     */
    @Singleton
    EmailVerificationMail emailVerificationMail(MailedTokenStore tokens, MailQueue mail, Transactions transactions,
                                                RandomSource random, EmailVerificationPolicy policy,
                                                PublicUrl publicUrl, Provider<EmbeddedServer> server, Clock clock) {
        Optional<String> configured = publicUrl.resolve("");
        return new EmailVerificationMail(tokens, mail, transactions, random, policy,
                () -> configured.orElseGet(() -> withoutTrailingSlash(server.get().getURL().toString())), clock);
    }

    private static String withoutTrailingSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    @Singleton
    SetUserEmailUseCase setUserEmail(UserStore users, CredentialChanges changes, EmailVerificationMail verification,
                                     AuditLog audit, Clock clock) {
        return new SetUserEmailService(users, changes, verification, audit, clock);
    }

    @Singleton
    GetMyEmailUseCase getMyEmail(UserStore users) {
        return new GetMyEmailService(users);
    }

    @Singleton
    ChangeMyEmailUseCase changeMyEmail(UserStore users, CredentialChanges changes, StepUp stepUp,
                                       EmailVerificationMail verification, AuditLog audit, Clock clock) {
        return new ChangeMyEmailService(users, changes, stepUp, verification, audit, clock);
    }
}
