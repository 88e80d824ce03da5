package dev.authservice.domain.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.InvalidValueException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OpenPerAddressLimitTest {

    private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");
    private static final OpenPerAddressLimit LIMIT = new OpenPerAddressLimit(3);

    @Test
    void aClientBelowTheLimitStartsAnotherAtOnce() {
        assertEquals(Optional.empty(), LIMIT.waitBefore(0, Optional.empty(), NOW));
        assertEquals(Optional.empty(), LIMIT.waitBefore(2, Optional.of(NOW.plusSeconds(1)), NOW));
    }

    @Test
    void aClientAtOrPastTheLimitWaitsUntilItsFirstOpenOneExpires() {
        assertEquals(Optional.of(Duration.ofSeconds(42)), LIMIT.waitBefore(3, Optional.of(NOW.plusSeconds(42)), NOW));
        assertEquals(Optional.of(Duration.ofMillis(1)), LIMIT.waitBefore(5, Optional.of(NOW.plusMillis(1)), NOW));
    }

    @Test
    void theLimitIsAtLeastOneAndAtMostAHundredTimesTheDefault() {
        assertEquals(1_000, OpenPerAddressLimit.defaults().maxOpenPerAddress());
        assertEquals(100_000, new OpenPerAddressLimit(100_000).maxOpenPerAddress());
        assertEquals("maxOpenPerAddress", assertThrows(InvalidValueException.class,
                () -> new OpenPerAddressLimit(0)).field());
        assertThrows(InvalidValueException.class, () -> new OpenPerAddressLimit(100_001));
    }
}
