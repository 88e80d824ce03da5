package dev.authservice.bootstrap;

import dev.authservice.adapter.out.crypto.Argon2idPasswordHasher;
import dev.authservice.adapter.out.crypto.SecureRandomSource;
import dev.authservice.adapter.out.telemetry.TimedPasswordHasher;
import dev.authservice.application.port.in.AuthenticateUseCase;
import dev.authservice.application.port.in.ChangePasswordUseCase;
import dev.authservice.application.port.in.CreateUserUseCase;
import dev.authservice.application.port.in.EndSessionUseCase;
import dev.authservice.application.port.in.GetUserUseCase;
import dev.authservice.application.port.in.ListAuditEventsUseCase;
import dev.authservice.application.port.in.ListMyOrdersUseCase;
import dev.authservice.application.port.in.ListMySessionsUseCase;
import dev.authservice.application.port.in.ListUsersUseCase;
import dev.authservice.application.port.in.LogInUseCase;
import dev.authservice.application.port.in.LogOutUseCase;
import dev.authservice.application.port.in.ProvisionFirstAdministratorUseCase;
import dev.authservice.application.port.in.RefreshAccessTokenUseCase;
import dev.authservice.application.port.in.RevokeUserSessionsUseCase;
import dev.authservice.application.port.in.SetUserEnabledUseCase;
import dev.authservice.application.port.out.AccessTokenCodec;
import dev.authservice.application.port.out.AuditLog;
import dev.authservice.application.port.out.AuditLogReader;
import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.application.port.out.OrderStore;
import dev.authservice.application.port.out.PasswordHasher;
import dev.authservice.application.port.out.RandomSource;
import dev.authservice.application.port.out.RevokedSessions;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.application.port.out.Transactions;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.application.service.AuthenticateService;
import dev.authservice.application.service.ChangePasswordService;
import dev.authservice.application.service.CreateUserService;
import dev.authservice.application.service.EndSessionService;
import dev.authservice.application.service.GetUserService;
import dev.authservice.application.service.ListAuditEventsService;
import dev.authservice.application.service.ListMyOrdersService;
import dev.authservice.application.service.ListMySessionsService;
import dev.authservice.application.service.ListUsersService;
import dev.authservice.application.service.LogInService;
import dev.authservice.application.service.LogOutService;
import dev.authservice.application.service.ProvisionFirstAdministratorService;
import dev.authservice.application.service.RefreshAccessTokenService;
import dev.authservice.application.service.RevokeUserSessionsService;
import dev.authservice.application.service.SetUserEnabledService;
import dev.authservice.application.service.TokenIssuer;
import dev.authservice.domain.login.LoginThrottlePolicy;
import dev.authservice.domain.token.TokenPolicy;
import dev.authservice.domain.user.PasswordPolicy;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * Wires the hexagon: the application's services are plain classes, built here from the ports the adapters provide.
 * Adding a use case means adding one method.
 */
@Factory
class UseCaseFactory {

    private static final List<String> ATTEMPT_LOGS = List.of("memory", "database");

    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }

    @Singleton
    RandomSource randomSource() {
        return new SecureRandomSource();
    }

    /** Timed, so that the metrics show what the one deliberately slow step of a login costs. */
    @Singleton
    PasswordHasher passwordHasher(MeterRegistry registry) {
        return new TimedPasswordHasher(new Argon2idPasswordHasher(), registry);
    }

    @Singleton
    TokenPolicy tokenPolicy(@Property(name = "auth.access-token.ttl") Duration accessTokenTtl,
                            @Property(name = "auth.refresh-token.ttl") Duration refreshTokenTtl,
                            @Property(name = "auth.jwt.issuer") String issuer,
                            @Property(name = "auth.jwt.clock-skew") Duration clockSkew) {
        return new TokenPolicy(accessTokenTtl, refreshTokenTtl, issuer, clockSkew);
    }

    /**
     * Built with the context, so that a bad throttle setting stops the start instead of the first login. The attempts
     * are counted where {@code auth.login.attempt-log} says, and the persistence adapter for that value is the one
     * that exists: {@code memory} (each instance its own count) or {@code database} (one count for every instance
     * sharing the database, kept over restarts).
     */
    @Context
    LoginThrottlePolicy loginThrottlePolicy(@Property(name = "auth.login.max-failures") int maxFailures,
                                            @Property(name = "auth.login.failure-window") Duration window,
                                            @Property(name = "auth.login.attempt-log") String attemptLog) {
        if (!ATTEMPT_LOGS.contains(attemptLog)) {
            throw new MisconfigurationException("auth.login.attempt-log (AUTH_LOGIN_ATTEMPT_LOG) must be one of "
                    + ATTEMPT_LOGS + ", not '" + attemptLog + "'");
        }
        try {
            return new LoginThrottlePolicy(maxFailures, window);
        } catch (IllegalArgumentException e) {
            throw new MisconfigurationException("auth.login (AUTH_LOGIN_MAX_FAILURES, AUTH_LOGIN_FAILURE_WINDOW): "
                    + e.getMessage());
        }
    }

    @Singleton
    TokenIssuer tokenIssuer(AccessTokenCodec codec, RandomSource random, TokenPolicy policy) {
        return new TokenIssuer(codec, random, policy);
    }

    @Singleton
    LogInUseCase logIn(UserStore users, PasswordHasher hasher, LoginAttemptLog attempts, SessionStore sessions,
                       TokenIssuer tokens, TokenPolicy policy, RandomSource random, AuditLog audit, Clock clock) {
        return new LogInService(users, hasher, attempts, sessions, tokens, policy, random, audit, clock);
    }

    @Singleton
    RefreshAccessTokenUseCase refreshAccessToken(SessionStore sessions, Transactions transactions,
                                                 TokenIssuer tokens, TokenPolicy policy, AuditLog audit, Clock clock) {
        return new RefreshAccessTokenService(sessions, transactions, tokens, policy, audit, clock);
    }

    @Singleton
    LogOutUseCase logOut(SessionStore sessions, AuditLog audit, Clock clock) {
        return new LogOutService(sessions, audit, clock);
    }

    @Singleton
    AuthenticateUseCase authenticate(AccessTokenCodec codec, RevokedSessions revokedSessions, TokenPolicy policy,
                                     Clock clock) {
        return new AuthenticateService(codec, revokedSessions, policy, clock);
    }

    /** Built with the context, so that a bad minimum stops the start instead of the first password change. */
    @Context
    PasswordPolicy passwordPolicy(@Property(name = "auth.password.min-length") int minLength) {
        try {
            return new PasswordPolicy(minLength, CommonPasswords.load());
        } catch (IllegalArgumentException e) {
            throw new MisconfigurationException("auth.password.min-length (AUTH_PASSWORD_MIN_LENGTH): " + e.getMessage());
        }
    }

    @Singleton
    CreateUserUseCase createUser(UserStore users, PasswordHasher hasher, PasswordPolicy passwords, RandomSource random,
                                 AuditLog audit, Clock clock) {
        return new CreateUserService(users, hasher, passwords, random, audit, clock);
    }

    @Singleton
    ProvisionFirstAdministratorUseCase provisionFirstAdministrator(UserStore users, CreateUserUseCase createUser) {
        return new ProvisionFirstAdministratorService(users, createUser);
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
                                         LoginAttemptLog attempts, SessionStore sessions, AuditLog audit,
                                         Clock clock) {
        return new ChangePasswordService(users, hasher, passwords, attempts, sessions, audit, clock);
    }

    @Singleton
    ListMySessionsUseCase listMySessions(SessionStore sessions, Clock clock) {
        return new ListMySessionsService(sessions, clock);
    }

    @Singleton
    EndSessionUseCase endSession(SessionStore sessions, AuditLog audit, Clock clock) {
        return new EndSessionService(sessions, audit, clock);
    }

    @Singleton
    RevokeUserSessionsUseCase revokeUserSessions(UserStore users, SessionStore sessions, AuditLog audit,
                                                 Clock clock) {
        return new RevokeUserSessionsService(users, sessions, audit, clock);
    }

    @Singleton
    ListMyOrdersUseCase listMyOrders(OrderStore orders) {
        return new ListMyOrdersService(orders);
    }

    @Singleton
    ListUsersUseCase listUsers(UserStore users) {
        return new ListUsersService(users);
    }

    @Singleton
    ListAuditEventsUseCase listAuditEvents(AuditLogReader events) {
        return new ListAuditEventsService(events);
    }
}
