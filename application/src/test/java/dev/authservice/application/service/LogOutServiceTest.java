package dev.authservice.application.service;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.SessionId;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class LogOutServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final SessionId SESSION = new SessionId(UUID.fromString("5e55a1a0-0000-4000-8000-000000000001"));

    @Mock private SessionStore sessions;
    private final RecordingAuditLog audit = new RecordingAuditLog();

    @Test
    void loggingOutRevokesTheSessionAsALogoutAtTheCurrentTime() {
        when(sessions.revoke(SESSION, RevocationReason.LOGOUT, NOW)).thenReturn(true);

        new LogOutService(sessions, audit, Clock.fixed(NOW, ZoneOffset.UTC)).logOut(SESSION, RequesterMother.ALICE);

        verify(sessions).revoke(SESSION, RevocationReason.LOGOUT, NOW);
        assertEquals(SecurityEvent.of(SecurityEventType.LOGGED_OUT, NOW, RequesterMother.ALICE)
                .about(RequesterMother.ALICE.userId().orElseThrow()).inSession(SESSION)
                .endingSessions(RevocationReason.LOGOUT, 1), audit.only());
    }

    @Test
    void loggingOutOfASessionThatAlreadyEndedIsNoError() {
        when(sessions.revoke(SESSION, RevocationReason.LOGOUT, NOW)).thenReturn(false);

        assertDoesNotThrow(() -> new LogOutService(sessions, audit, Clock.fixed(NOW, ZoneOffset.UTC)).logOut(SESSION, RequesterMother.ALICE));
        assertEquals(List.of(), audit.events(), "nothing ended, so nothing to record");
    }
}
