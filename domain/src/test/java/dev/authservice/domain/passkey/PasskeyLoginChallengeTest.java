package dev.authservice.domain.passkey;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PasskeyLoginChallengeTest {

    private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");
    private static final int MAX = PasskeyLoginChallenge.MAX_OPEN_PER_CLIENT;

    @Test
    void aClientBelowTheLimitIsIssuedAChallengeAtOnce() {
        assertEquals(Optional.empty(), PasskeyLoginChallenge.waitBefore(0, Optional.empty(), NOW));
        assertEquals(Optional.empty(), PasskeyLoginChallenge.waitBefore(MAX - 1, Optional.of(NOW), NOW));
    }

    @Test
    void aClientAtTheLimitWaitsUntilItsFirstOpenChallengeExpires() {
        assertEquals(Optional.of(Duration.ofSeconds(42)),
                PasskeyLoginChallenge.waitBefore(MAX, Optional.of(NOW.plusSeconds(42)), NOW));
        assertEquals(Optional.of(Duration.ofSeconds(42)),
                PasskeyLoginChallenge.waitBefore(MAX + 3, Optional.of(NOW.plusSeconds(42)), NOW));
    }

    @Test
    void withoutAnExpiryStillToComeTheWaitIsNone() {
        assertEquals(Optional.of(Duration.ZERO), PasskeyLoginChallenge.waitBefore(MAX, Optional.of(NOW), NOW));
        assertEquals(Optional.of(Duration.ZERO), PasskeyLoginChallenge.waitBefore(MAX, Optional.empty(), NOW));
    }
}
