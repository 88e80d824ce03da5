package dev.authservice.bootstrap;

import dev.authservice.adapter.out.crypto.Argon2idPasswordHasher;
import dev.authservice.adapter.out.crypto.SecureRandomSource;
import dev.authservice.application.port.in.AuthenticateUseCase;
import dev.authservice.application.port.in.GetProfileUseCase;
import dev.authservice.application.port.in.ListMyOrdersUseCase;
import dev.authservice.application.port.in.ListUsersUseCase;
import dev.authservice.application.port.in.LogInUseCase;
import dev.authservice.application.port.in.LogOutUseCase;
import dev.authservice.application.port.in.RefreshAccessTokenUseCase;
import dev.authservice.application.port.out.AccessTokenCodec;
import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.application.port.out.OrderStore;
import dev.authservice.application.port.out.PasswordHasher;
import dev.authservice.application.port.out.RandomSource;
import dev.authservice.application.port.out.RefreshTokenStore;
import dev.authservice.application.port.out.RevokedSessions;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.application.service.AuthenticateService;
import dev.authservice.application.service.GetProfileService;
import dev.authservice.application.service.ListMyOrdersService;
import dev.authservice.application.service.ListUsersService;
import dev.authservice.application.service.LogInService;
import dev.authservice.application.service.LogOutService;
import dev.authservice.application.service.RefreshAccessTokenService;
import dev.authservice.application.service.TokenIssuer;
import dev.authservice.domain.token.TokenPolicy;
import dev.authservice.domain.login.LoginThrottlePolicy;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;

/**
 * Wires the hexagon: the application's services are plain classes, built here from the ports the adapters provide.
 * Adding a use case means adding one method.
 */
@Factory
class UseCaseFactory {

    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }

    @Singleton
    RandomSource randomSource() {
        return new SecureRandomSource();
    }

    @Singleton
    PasswordHasher passwordHasher() {
        return new Argon2idPasswordHasher();
    }

    @Singleton
    TokenPolicy tokenPolicy(@Property(name = "auth.access-token.ttl") Duration accessTokenTtl,
                            @Property(name = "auth.refresh-token.ttl") Duration refreshTokenTtl,
                            @Property(name = "auth.jwt.issuer") String issuer,
                            @Property(name = "auth.jwt.clock-skew") Duration clockSkew) {
        return new TokenPolicy(accessTokenTtl, refreshTokenTtl, issuer, clockSkew);
    }

    @Singleton
    LoginThrottlePolicy loginThrottlePolicy(@Property(name = "auth.login.max-failures") int maxFailures,
                                            @Property(name = "auth.login.failure-window") Duration window) {
        return new LoginThrottlePolicy(maxFailures, window);
    }

    @Singleton
    TokenIssuer tokenIssuer(AccessTokenCodec codec, RandomSource random, TokenPolicy policy) {
        return new TokenIssuer(codec, random, policy);
    }

    @Singleton
    LogInUseCase logIn(UserStore users, PasswordHasher hasher, LoginAttemptLog attempts,
                       RefreshTokenStore refreshTokens, TokenIssuer tokens, RandomSource random, Clock clock) {
        return new LogInService(users, hasher, attempts, refreshTokens, tokens, random, clock);
    }

    @Singleton
    RefreshAccessTokenUseCase refreshAccessToken(RefreshTokenStore refreshTokens, UserStore users,
                                                 TokenIssuer tokens, Clock clock) {
        return new RefreshAccessTokenService(refreshTokens, users, tokens, clock);
    }

    @Singleton
    LogOutUseCase logOut(RefreshTokenStore refreshTokens, Clock clock) {
        return new LogOutService(refreshTokens, clock);
    }

    @Singleton
    AuthenticateUseCase authenticate(AccessTokenCodec codec, RevokedSessions revokedSessions, TokenPolicy policy,
                                     Clock clock) {
        return new AuthenticateService(codec, revokedSessions, policy, clock);
    }

    @Singleton
    GetProfileUseCase getProfile(UserStore users) {
        return new GetProfileService(users);
    }

    @Singleton
    ListMyOrdersUseCase listMyOrders(OrderStore orders) {
        return new ListMyOrdersService(orders);
    }

    @Singleton
    ListUsersUseCase listUsers(UserStore users) {
        return new ListUsersService(users);
    }
}
