package dev.authservice.domain.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AuditEventFilterTest {

    private static final Instant NOON = Instant.parse("2025-03-01T12:00:00Z");

    @Test
    void aWindowThatEndsBeforeItStartsIsRefused() {
        InvalidValueException refused = assertThrows(InvalidValueException.class,
                () -> filter(null, null, NOON, NOON.minusSeconds(1)));
        assertEquals("from must be before to", refused.getMessage());
        assertThrows(InvalidValueException.class, () -> filter(null, null, NOON, NOON));
    }

    private static AuditEventFilter filter(SecurityEventType type, UserId user, Instant from, Instant to) {
        return new AuditEventFilter(Optional.ofNullable(type), Optional.ofNullable(user), Optional.ofNullable(from),
                Optional.ofNullable(to));
    }
}
