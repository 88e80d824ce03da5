package dev.authservice.bootstrap;

import dev.authservice.application.port.in.ChangePasswordUseCase;
import dev.authservice.application.port.in.CheckPublishedCredentialsUseCase;
import dev.authservice.application.port.in.CreateUserUseCase;
import dev.authservice.application.port.in.GetUserUseCase;
import dev.authservice.application.port.in.ListUsersUseCase;
import dev.authservice.application.port.in.ProvisionFirstAdministratorUseCase;
import dev.authservice.application.port.in.SetUserEnabledUseCase;
import dev.authservice.application.port.out.AuditLog;
import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.application.port.out.PasswordHasher;
import dev.authservice.application.port.out.RandomSource;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.application.port.out.UsernameSecurityProfile;
import dev.authservice.application.service.ChangePasswordService;
import dev.authservice.application.service.CheckPublishedCredentialsService;
import dev.authservice.application.service.CreateUserService;
import dev.authservice.application.service.GetUserService;
import dev.authservice.application.service.ListUsersService;
import dev.authservice.application.service.ProvisionFirstAdministratorService;
import dev.authservice.application.service.SetUserEnabledService;
import dev.authservice.application.service.StepUp;
import dev.authservice.domain.user.PasswordPolicy;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * Wires the use cases of user accounts: creating, reading, listing, enabling and disabling them, changing a password,
 * and the first administrator and published passwords checked at start.
 * The services are plain classes, built from the ports the adapters provide and the policies {@link PolicyFactory}
 * reads from the configuration.
 */
@Factory
class AccountUseCaseFactory {

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
    SetUserEnabledUseCase setUserEnabled(UserStore users, SessionStore sessions, AuditLog audit,
                                         Clock clock) {
        return new SetUserEnabledService(users, sessions, audit, clock);
    }

    @Singleton
    ChangePasswordUseCase changePassword(UserStore users, PasswordHasher hasher, PasswordPolicy passwords,
                                         LoginAttemptLog attempts, SessionStore sessions, StepUp stepUp,
                                         AuditLog audit, Clock clock) {
        return new ChangePasswordService(users, hasher, passwords, attempts, sessions, stepUp, audit, clock);
    }

    @Singleton
    ListUsersUseCase listUsers(UserStore users) {
        return new ListUsersService(users);
    }
}
