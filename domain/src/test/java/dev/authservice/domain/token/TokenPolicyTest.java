package dev.authservice.domain.token;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class TokenPolicyTest {

    private static final Duration ACCESS_TTL = Duration.ofMinutes(15);
    private static final Duration REFRESH_TTL = Duration.ofDays(30);
    private static final Duration SKEW = Duration.ofSeconds(30);

    @Test
    void theDefaultsOfTheContractMakeAPolicy() {
        TokenPolicy policy = new TokenPolicy(ACCESS_TTL, REFRESH_TTL, "auth-service", SKEW);

        assertEquals(ACCESS_TTL, policy.accessTokenTtl());
        assertEquals(REFRESH_TTL, policy.refreshTokenTtl());
        assertEquals("auth-service", policy.issuer());
        assertEquals(SKEW, policy.clockSkew());
    }

    @Test
    void aZeroSkewIsAllowed() {
        assertEquals(Duration.ZERO, new TokenPolicy(ACCESS_TTL, REFRESH_TTL, "auth-service", Duration.ZERO).clockSkew());
    }

    @Test
    void tokenLifetimesMustBePositive() {
        assertThrows(IllegalArgumentException.class,
                () -> new TokenPolicy(Duration.ZERO, REFRESH_TTL, "auth-service", SKEW));
        assertThrows(IllegalArgumentException.class,
                () -> new TokenPolicy(ACCESS_TTL, Duration.ofSeconds(-1), "auth-service", SKEW));
    }

    @Test
    void aNegativeSkewIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new TokenPolicy(ACCESS_TTL, REFRESH_TTL, "auth-service", Duration.ofSeconds(-1)));
    }

    @Test
    void everyPartIsRequired() {
        assertThrows(NullPointerException.class, () -> new TokenPolicy(null, REFRESH_TTL, "auth-service", SKEW));
        assertThrows(NullPointerException.class, () -> new TokenPolicy(ACCESS_TTL, null, "auth-service", SKEW));
        assertThrows(NullPointerException.class, () -> new TokenPolicy(ACCESS_TTL, REFRESH_TTL, null, SKEW));
        assertThrows(NullPointerException.class, () -> new TokenPolicy(ACCESS_TTL, REFRESH_TTL, "auth-service", null));
    }
}
