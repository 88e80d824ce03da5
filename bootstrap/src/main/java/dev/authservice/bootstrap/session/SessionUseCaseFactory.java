package dev.authservice.bootstrap.session;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.session.port.in.AuthenticateUseCase;
import dev.authservice.application.session.port.in.EndSessionUseCase;
import dev.authservice.application.session.port.in.ListMySessionsUseCase;
import dev.authservice.application.session.port.in.LogOutUseCase;
import dev.authservice.application.session.port.in.PublishTokenKeysUseCase;
import dev.authservice.application.session.port.in.RefreshAccessTokenUseCase;
import dev.authservice.application.session.port.out.AccessTokenCodec;
import dev.authservice.application.session.port.out.PublicTokenKeys;
import dev.authservice.application.session.port.out.RefreshTokenDerivation;
import dev.authservice.application.session.port.out.RevokedSessions;
import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.application.session.service.AuthenticateService;
import dev.authservice.application.session.service.EndSessionService;
import dev.authservice.application.session.service.ListMySessionsService;
import dev.authservice.application.session.service.LogOutService;
import dev.authservice.application.session.service.PublishTokenKeysService;
import dev.authservice.application.session.service.RefreshAccessTokenService;
import dev.authservice.application.session.service.SessionReauthentication;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.session.service.TokenIssuer;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.bootstrap.configuration.PolicyFactory;
import dev.authservice.domain.session.StepUpPolicy;
import dev.authservice.domain.session.TokenPolicy;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * Wires the use cases of sessions and their tokens: refreshing, logging out, authenticating a request, listing and
 * ending sessions, publishing the keys that verify the tokens; and the tokens' issuer and the step-up check that the
 * other capabilities share.
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
    SessionReauthentication sessionReauthentication(SessionStore sessions, TokenIssuer tokens) {
        return new SessionReauthentication(sessions, tokens);
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
    StepUp stepUp(StepUpPolicy policy, AuditLog audit) {
        return new StepUp(policy, audit);
    }

    @Singleton
    PublishTokenKeysUseCase publishTokenKeys(PublicTokenKeys keys, TokenPolicy policy) {
        return new PublishTokenKeysService(keys, policy);
    }
}
