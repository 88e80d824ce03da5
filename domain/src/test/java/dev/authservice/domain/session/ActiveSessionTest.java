package dev.authservice.domain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ActiveSessionTest {

    private static final Instant STARTED = Instant.parse("2025-03-01T10:00:00Z");
    private static final Instant LAST_USED = Instant.parse("2025-03-02T08:30:00Z");
    private static final TokenPolicy POLICY = new TokenPolicy(Duration.ofMinutes(15), Duration.ofDays(30),
            "auth-service", Duration.ofSeconds(30), Duration.ofDays(90), Duration.ZERO);
    private static final Session SESSION = Session.start(
            new SessionId(UUID.fromString("5e55a1a0-0000-4000-8000-000000000001")),
            new UserId(UUID.fromString("a11ce000-0000-4000-8000-000000000001")), STARTED, POLICY,
            new ClientAddress("203.0.113.7"), "ua");

    @Test
    void anActiveSessionKeepsItsSessionAndWhenItWasLastUsed() {
        ActiveSession active = new ActiveSession(SESSION, LAST_USED);

        assertEquals(SESSION, active.session());
        assertEquals(LAST_USED, active.lastUsedAt());
    }

    @Test
    void theSessionAndTheLastUseAreRequired() {
        assertEquals("session",
                assertThrows(NullPointerException.class, () -> new ActiveSession(null, LAST_USED)).getMessage());
        assertEquals("lastUsedAt",
                assertThrows(NullPointerException.class, () -> new ActiveSession(SESSION, null)).getMessage());
    }
}
