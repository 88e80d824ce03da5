package dev.authservice.domain.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SecurityEventTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final UserId ALICE = new UserId(UUID.fromString("a11ce000-0000-4000-8000-000000000001"));
    private static final SessionId SESSION = new SessionId(UUID.fromString("5e55a1a0-0000-4000-8000-000000000001"));
    private static final Requester FROM_A_BROWSER = Requester.anonymous(new ClientAddress("203.0.113.7"), "Mozilla/5.0");

    @Test
    void eachStepAddsWhatTheUseCaseKnowsAndKeepsTheRest() {
        SecurityEvent event = SecurityEvent.of(SecurityEventType.LOGIN_SUCCEEDED, NOW, FROM_A_BROWSER)
                .about(ALICE).inSession(SESSION).outcome(AuditOutcome.WRONG_PASSWORD);

        assertEquals(SecurityEventType.LOGIN_SUCCEEDED, event.type());
        assertEquals(NOW, event.occurredAt());
        assertEquals(FROM_A_BROWSER, event.requester());
        assertEquals(Optional.of(ALICE), event.userId());
        assertEquals(Optional.of(SESSION), event.sessionId());
        assertEquals(Optional.of(AuditOutcome.WRONG_PASSWORD), event.outcome());
    }

    @Test
    void anEventStartsWithNothingButItsTypeTimeAndRequester() {
        SecurityEvent event = SecurityEvent.of(SecurityEventType.LOGIN_THROTTLED, NOW, FROM_A_BROWSER);

        assertTrue(event.userId().isEmpty());
        assertTrue(event.sessionId().isEmpty());
        assertTrue(event.outcome().isEmpty());
    }

    @Test
    void everyReasonForEndingSessionsIsAnOutcomeOfTheSameName() {
        for (RevocationReason reason : RevocationReason.values()) {
            assertEquals(reason.name(), AuditOutcome.of(reason).name());
        }
    }

    @Test
    void anEventThatEndsSessionsSaysHowManyAndWhy() {
        SecurityEvent disabled = SecurityEvent.of(SecurityEventType.USER_DISABLED, NOW, FROM_A_BROWSER)
                .about(ALICE).endingSessions(RevocationReason.USER_DISABLED, 3);

        assertEquals(Optional.of(new SecurityEvent.SessionsEnded(RevocationReason.USER_DISABLED, 3)),
                disabled.sessionsEnded());
        assertEquals(Optional.of(ALICE), disabled.userId(), "the other steps are kept");
        assertEquals(Optional.empty(), SecurityEvent.of(SecurityEventType.LOGIN_SUCCEEDED, NOW, FROM_A_BROWSER)
                .sessionsEnded());
    }

    @Test
    void noSessionsEndedIsZeroButNeverNegative() {
        assertEquals(0, new SecurityEvent.SessionsEnded(RevocationReason.ADMINISTRATOR, 0).count());
        assertThrows(IllegalArgumentException.class,
                () -> new SecurityEvent.SessionsEnded(RevocationReason.ADMINISTRATOR, -1));
    }

    @Test
    void onlyRefreshesAreRoutine() {
        Arrays.stream(SecurityEventType.values()).forEach(type -> assertEquals(
                type == SecurityEventType.TOKEN_REFRESHED || type == SecurityEventType.REFRESH_REJECTED,
                type.isRoutine(), type.name()));
    }

    @Test
    void aTypeIsParsedByItsExactName() {
        assertEquals(SecurityEventType.LOGIN_FAILED, SecurityEventType.parse("type", "LOGIN_FAILED"));
        InvalidValueException refused = assertThrows(InvalidValueException.class,
                () -> SecurityEventType.parse("type", "login_failed"));
        assertTrue(refused.getMessage().startsWith("type must be one of LOGIN_SUCCEEDED, LOGIN_FAILED"));
    }

    @Test
    void everyPartIsRequired() {
        assertThrows(NullPointerException.class, () -> SecurityEvent.of(null, NOW, FROM_A_BROWSER));
        assertThrows(NullPointerException.class, () -> SecurityEvent.of(SecurityEventType.LOGGED_OUT, null, FROM_A_BROWSER));
        assertThrows(NullPointerException.class, () -> SecurityEvent.of(SecurityEventType.LOGGED_OUT, NOW, null));
    }
}
