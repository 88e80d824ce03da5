package dev.authservice.domain.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class AuditEventFilterTest {

    private static final Instant NOON = Instant.parse("2025-03-01T12:00:00Z");
    private static final UserId ALICE = new UserId(UUID.fromString("a11ce000-0000-4000-8000-000000000001"));
    private static final UserId BOB = new UserId(UUID.fromString("b0b00000-0000-4000-8000-000000000002"));
    private static final SecurityEvent ALICE_AT_NOON = SecurityEvent.of(SecurityEventType.LOGIN_SUCCEEDED, NOON,
            Requester.anonymous("203.0.113.7", null)).about(ALICE);

    @Test
    void anEmptyFilterMatchesEveryEvent() {
        assertTrue(AuditEventFilter.ALL.matches(ALICE_AT_NOON));
        assertTrue(AuditEventFilter.ALL.matches(SecurityEvent.of(SecurityEventType.LOGIN_THROTTLED, NOON,
                Requester.SERVICE)));
    }

    @Test
    void typeAndUserMustBothMatch() {
        assertTrue(filter(SecurityEventType.LOGIN_SUCCEEDED, ALICE, null, null).matches(ALICE_AT_NOON));
        assertFalse(filter(SecurityEventType.LOGIN_FAILED, ALICE, null, null).matches(ALICE_AT_NOON));
        assertFalse(filter(SecurityEventType.LOGIN_SUCCEEDED, BOB, null, null).matches(ALICE_AT_NOON));
        assertFalse(filter(null, ALICE, null, null)
                .matches(SecurityEvent.of(SecurityEventType.LOGIN_THROTTLED, NOON, Requester.SERVICE)));
    }

    @Test
    void fromIsInclusiveAndToExclusive() {
        assertTrue(filter(null, null, NOON, null).matches(ALICE_AT_NOON));
        assertFalse(filter(null, null, NOON.plusMillis(1), null).matches(ALICE_AT_NOON));
        assertFalse(filter(null, null, null, NOON).matches(ALICE_AT_NOON));
        assertTrue(filter(null, null, null, NOON.plusMillis(1)).matches(ALICE_AT_NOON));
    }

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
