package dev.authservice.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class EndSessionServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final UserAccount BOB = UserAccountMother.bob();

    @Mock private SessionStore sessions;

    private EndSessionService service;
    private final RecordingAuditLog audit = new RecordingAuditLog();

    @BeforeEach
    void setUp() {
        service = new EndSessionService(sessions, audit, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    @Test
    void aUserEndsTheirOwnSessionAsASignOutAtTheCurrentTime() {
        Session alices = givenSessionOf(ALICE);
        when(sessions.revoke(alices.id(), RevocationReason.SIGNED_OUT, NOW)).thenReturn(true);

        assertTrue(service.endSession(ALICE.id(), alices.id(), RequesterMother.ALICE));

        verify(sessions).revoke(alices.id(), RevocationReason.SIGNED_OUT, NOW);
        assertEquals(SecurityEvent.of(SecurityEventType.SESSION_REVOKED, NOW, RequesterMother.ALICE)
                .about(ALICE.id()).inSession(alices.id()).outcome(AuditOutcome.SIGNED_OUT)
                .endingSessions(RevocationReason.SIGNED_OUT, 1), audit.only());
    }

    @Test
    void anotherUsersSessionIsNotFoundAndStaysActive() {
        Session bobs = givenSessionOf(BOB);

        assertFalse(service.endSession(ALICE.id(), bobs.id(), RequesterMother.ALICE));

        verify(sessions, never()).revoke(any(), any(), any());
        assertTrue(audit.events().isEmpty());
    }

    @Test
    void anUnknownSessionIsNotFound() {
        SessionId unknown = new SessionId(UUID.fromString("5e55a1a0-0000-4000-8000-00000000dead"));
        when(sessions.find(unknown)).thenReturn(Optional.empty());

        assertFalse(service.endSession(ALICE.id(), unknown, RequesterMother.ALICE));

        verify(sessions, never()).revoke(any(), any(), any());
    }

    @Test
    void anOwnSessionThatHadAlreadyEndedIsNotFoundLikeAnUnknownOne() {
        Session alices = givenSessionOf(ALICE);
        when(sessions.revoke(alices.id(), RevocationReason.SIGNED_OUT, NOW)).thenReturn(false);

        assertFalse(service.endSession(ALICE.id(), alices.id(), RequesterMother.ALICE));
        assertTrue(audit.events().isEmpty());
    }

    private Session givenSessionOf(UserAccount user) {
        Session session = SessionMother.aLoginOf(user, TestTime.SOME_INSTANT).session();
        when(sessions.find(session.id())).thenReturn(Optional.of(session));
        return session;
    }
}
