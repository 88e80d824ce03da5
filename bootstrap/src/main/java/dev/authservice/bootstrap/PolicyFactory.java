package dev.authservice.bootstrap;

import dev.authservice.domain.login.LoginThrottlePolicy;
import dev.authservice.domain.token.TokenPolicy;
import dev.authservice.domain.user.PasswordPolicy;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import java.time.Duration;
import java.util.List;

/**
 * The domain's policies, read from the configuration and checked there: each is built with the context, so that a bad
 * setting stops the start with one line naming the key ({@link MisconfigurationException}) instead of failing the
 * first request that needs it.
 */
@Factory
class PolicyFactory {

    private static final List<String> ATTEMPT_LOGS = List.of("memory", "database");

    @Context
    TokenPolicy tokenPolicy(@Property(name = "auth.access-token.ttl") Duration accessTokenTtl,
                            @Property(name = "auth.refresh-token.ttl") Duration refreshTokenTtl,
                            @Property(name = "auth.jwt.issuer") String issuer,
                            @Property(name = "auth.jwt.clock-skew") Duration clockSkew) {
        try {
            return new TokenPolicy(accessTokenTtl, refreshTokenTtl, issuer, clockSkew);
        } catch (IllegalArgumentException e) {
            throw new MisconfigurationException("auth.access-token.ttl, auth.refresh-token.ttl, auth.jwt.clock-skew "
                    + "(AUTH_ACCESS_TOKEN_TTL, AUTH_REFRESH_TOKEN_TTL, AUTH_JWT_CLOCK_SKEW): " + e.getMessage());
        }
    }

    /**
     * The attempts are counted where {@code auth.login.attempt-log} says, and the persistence adapter for that value is
     * the one that exists: {@code memory} (each instance its own count) or {@code database} (one count for every
     * instance sharing the database, kept over restarts).
     */
    @Context
    LoginThrottlePolicy loginThrottlePolicy(@Property(name = "auth.login.max-failures") int maxFailures,
                                            @Property(name = "auth.login.max-failures-per-address")
                                            int maxFailuresPerAddress,
                                            @Property(name = "auth.login.failure-window") Duration window,
                                            @Property(name = "auth.login.attempt-log") String attemptLog) {
        if (!ATTEMPT_LOGS.contains(attemptLog)) {
            throw new MisconfigurationException("auth.login.attempt-log (AUTH_LOGIN_ATTEMPT_LOG) must be one of "
                    + ATTEMPT_LOGS + ", not '" + attemptLog + "'");
        }
        try {
            return new LoginThrottlePolicy(maxFailures, maxFailuresPerAddress, window);
        } catch (IllegalArgumentException e) {
            throw new MisconfigurationException("auth.login (AUTH_LOGIN_MAX_FAILURES, "
                    + "AUTH_LOGIN_MAX_FAILURES_PER_ADDRESS, AUTH_LOGIN_FAILURE_WINDOW): " + e.getMessage());
        }
    }

    @Context
    PasswordPolicy passwordPolicy(@Property(name = "auth.password.min-length") int minLength) {
        try {
            return new PasswordPolicy(minLength, CommonPasswords.load());
        } catch (IllegalArgumentException e) {
            throw new MisconfigurationException("auth.password.min-length (AUTH_PASSWORD_MIN_LENGTH): "
                    + e.getMessage());
        }
    }
}
