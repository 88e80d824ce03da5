package dev.authservice.bootstrap.configuration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** A setting beyond what its policy allows stops the start, naming the key, its variable and the limit. */
class PolicyFactoryTest {

    private static final Duration TEN_YEARS = Duration.ofDays(3650);
    private static final Duration NINETY_DAYS = Duration.ofDays(90);

    private final PolicyFactory factory = new PolicyFactory();

    @Test
    void eachTokenTimeBeyondItsCeilingIsRefusedByItsKey() {
        assertEquals("auth.access-token.ttl (AUTH_ACCESS_TOKEN_TTL): accessTokenTtl must be at most 1d, was 3650d",
                refusal(() -> factory.tokenPolicy(TEN_YEARS, Duration.ofDays(30), "auth-service",
                        Duration.ofSeconds(30), NINETY_DAYS, Duration.ZERO)));
        assertEquals("auth.refresh-token.ttl (AUTH_REFRESH_TOKEN_TTL): refreshTokenTtl must be at most 365d, was"
                        + " 3650d",
                refusal(() -> factory.tokenPolicy(Duration.ofMinutes(15), TEN_YEARS, "auth-service",
                        Duration.ofSeconds(30), NINETY_DAYS, Duration.ZERO)));
        assertEquals("auth.jwt.clock-skew (AUTH_JWT_CLOCK_SKEW): clockSkew must be at most 5m, was 3650d",
                refusal(() -> factory.tokenPolicy(Duration.ofMinutes(15), Duration.ofDays(30), "auth-service",
                        TEN_YEARS, NINETY_DAYS, Duration.ZERO)));
        assertEquals("auth.session.max-lifetime (AUTH_SESSION_MAX_LIFETIME): sessionMaxLifetime must be at most 730d,"
                        + " was 3650d",
                refusal(() -> factory.tokenPolicy(Duration.ofMinutes(15), Duration.ofDays(30), "auth-service",
                        Duration.ofSeconds(30), TEN_YEARS, Duration.ZERO)));
        assertEquals("auth.refresh-token.reuse-grace (AUTH_REFRESH_TOKEN_REUSE_GRACE): reuseGrace must be at most 1m,"
                        + " was 61s",
                refusal(() -> factory.tokenPolicy(Duration.ofMinutes(15), Duration.ofDays(30), "auth-service",
                        Duration.ofSeconds(30), NINETY_DAYS, Duration.ofSeconds(61))));
    }

    @Test
    void eachThrottleSettingBeyondItsCeilingIsRefusedByItsKey() {
        assertEquals("auth.login.max-failures (AUTH_LOGIN_MAX_FAILURES): maxFailures must be at most 100, was"
                        + " 1000000",
                refusal(() -> factory.loginThrottlePolicy(1_000_000, 1_000_000, Duration.ofMinutes(15), "memory")));
        assertEquals("auth.login.max-failures-per-address (AUTH_LOGIN_MAX_FAILURES_PER_ADDRESS):"
                        + " maxFailuresPerAddress must be at most 10000, was 1000000",
                refusal(() -> factory.loginThrottlePolicy(5, 1_000_000, Duration.ofMinutes(15), "memory")));
        assertEquals("auth.login.failure-window (AUTH_LOGIN_FAILURE_WINDOW): window must be at most 1d, was 3650d",
                refusal(() -> factory.loginThrottlePolicy(5, 100, TEN_YEARS, "memory")));
    }

    @Test
    void aSettingBelowItsFloorIsRefusedByItsKeyToo() {
        assertEquals("auth.login.max-failures (AUTH_LOGIN_MAX_FAILURES): maxFailures must be at least 1",
                refusal(() -> factory.loginThrottlePolicy(0, 100, Duration.ofMinutes(15), "memory")));
        assertEquals("auth.access-token.ttl (AUTH_ACCESS_TOKEN_TTL): accessTokenTtl must be positive",
                refusal(() -> factory.tokenPolicy(Duration.ZERO, Duration.ofDays(30), "auth-service",
                        Duration.ofSeconds(30), NINETY_DAYS, Duration.ZERO)));
    }

    @Test
    void thePasskeyChallengeLimitOutsideItsRangeIsRefusedByItsKey() {
        String key = "auth.webauthn.max-open-challenges-per-address (AUTH_WEBAUTHN_MAX_OPEN_CHALLENGES_PER_ADDRESS): ";
        assertEquals(key + "maxOpenPerAddress must be between 1 and 100000",
                refusal(() -> factory.passkeyLoginChallengeLimit(0)));
        assertEquals(key + "maxOpenPerAddress must be between 1 and 100000",
                refusal(() -> factory.passkeyLoginChallengeLimit(100_001)));
    }

    @Test
    void thePendingAuthorizationLimitOutsideItsRangeIsRefusedByItsKey() {
        String key = "auth.oidc.max-open-authorizations-per-address (AUTH_OIDC_MAX_OPEN_AUTHORIZATIONS_PER_ADDRESS): ";
        assertEquals(key + "maxOpenPerAddress must be between 1 and 100000",
                refusal(() -> factory.pendingAuthorizationLimit(0)));
        assertEquals(key + "maxOpenPerAddress must be between 1 and 100000",
                refusal(() -> factory.pendingAuthorizationLimit(100_001)));
    }

    private static String refusal(Executable building) {
        return assertThrows(MisconfigurationException.class, building).getMessage();
    }
}
