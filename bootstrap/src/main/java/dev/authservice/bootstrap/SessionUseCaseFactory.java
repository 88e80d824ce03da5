package dev.authservice.bootstrap;

import dev.authservice.application.port.in.AuthenticateUseCase;
import dev.authservice.application.port.in.EndSessionUseCase;
import dev.authservice.application.port.in.ListMySessionsUseCase;
import dev.authservice.application.port.in.LogInUseCase;
import dev.authservice.application.port.in.LogOutUseCase;
import dev.authservice.application.port.in.RefreshAccessTokenUseCase;
import dev.authservice.application.port.in.RevokeUserSessionsUseCase;
import dev.authservice.application.port.out.AccessTokenCodec;
import dev.authservice.application.port.out.AuditLog;
import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.application.port.out.PasswordHasher;
import dev.authservice.application.port.out.RandomSource;
import dev.authservice.application.port.out.RefreshTokenDerivation;
import dev.authservice.application.port.out.RevokedSessions;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.application.port.out.Transactions;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.application.service.AuthenticateService;
import dev.authservice.application.service.EndSessionService;
import dev.authservice.application.service.ListMySessionsService;
import dev.authservice.application.service.LogInService;
import dev.authservice.application.service.LogOutService;
import dev.authservice.application.service.PendingLoginTickets;
import dev.authservice.application.service.RefreshAccessTokenService;
import dev.authservice.application.service.RevokeUserSessionsService;
import dev.authservice.application.service.SecondFactorCheck;
import dev.authservice.application.service.SessionStart;
import dev.authservice.application.service.TokenIssuer;
import dev.authservice.domain.token.TokenPolicy;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * Wires the use cases of sessions and their tokens: logging in, refreshing, logging out, authenticating a request,
 * and listing and ending sessions.
 * The services are plain classes, built from the ports the adapters provide and the policies {@link PolicyFactory}
 * reads from the configuration.
 */
@Factory
class SessionUseCaseFactory {

    @Singleton
    TokenIssuer tokenIssuer(AccessTokenCodec codec, RandomSource random, RefreshTokenDerivation derivation,
                            TokenPolicy policy) {
        return new TokenIssuer(codec, random, derivation, policy);
    }

    @Singleton
    LogInUseCase logIn(UserStore users, PasswordHasher hasher, LoginAttemptLog attempts,
                       SecondFactorCheck secondFactors, PendingLoginTickets tickets, SessionStart sessionStart,
                       RandomSource random, AuditLog audit, Clock clock) {
        return new LogInService(users, hasher, attempts, secondFactors, tickets, sessionStart, random, audit, clock);
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
}
