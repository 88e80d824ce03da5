package dev.authservice.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.verifyNoMoreInteractions;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
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
class RevokeUserSessionsServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final UserAccount ALICE = UserAccountMother.alice();

    @Mock private UserStore users;
    @Mock private SessionStore sessions;

    private RevokeUserSessionsService service;
    private final RecordingAuditLog audit = new RecordingAuditLog();

    @BeforeEach
    void setUp() {
        service = new RevokeUserSessionsService(users, sessions, audit, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    @Test
    void everySessionOfTheUserEndsAsRevokedByAnAdministrator() {
        when(users.findById(ALICE.id())).thenReturn(Optional.of(ALICE));
        when(sessions.revokeAllOf(ALICE.id(), Optional.empty(), RevocationReason.ADMINISTRATOR, NOW))
                .thenReturn(3);

        assertTrue(service.revokeAllSessions(ALICE.id(), RequesterMother.ADMINISTRATOR));

        verify(sessions).revokeAllOf(ALICE.id(), Optional.empty(), RevocationReason.ADMINISTRATOR, NOW);
        assertEquals(SecurityEvent.of(SecurityEventType.SESSION_REVOKED, NOW, RequesterMother.ADMINISTRATOR)
                .about(ALICE.id()).outcome(AuditOutcome.ADMINISTRATOR)
                .endingSessions(RevocationReason.ADMINISTRATOR, 3), audit.only());
    }

    @Test
    void aUserWithoutSessionsIsFoundAllTheSame() {
        when(users.findById(ALICE.id())).thenReturn(Optional.of(ALICE));
        when(sessions.revokeAllOf(ALICE.id(), Optional.empty(), RevocationReason.ADMINISTRATOR, NOW))
                .thenReturn(0);

        assertTrue(service.revokeAllSessions(ALICE.id(), RequesterMother.ADMINISTRATOR));
    }

    @Test
    void theAccountItselfIsLeftAsItIs() {
        when(users.findById(ALICE.id())).thenReturn(Optional.of(ALICE));

        service.revokeAllSessions(ALICE.id(), RequesterMother.ADMINISTRATOR);

        verify(users).findById(ALICE.id());
        verifyNoMoreInteractions(users);
    }

    @Test
    void anUnknownUserIsReportedAndNothingIsRevoked() {
        UserId nobody = new UserId(UUID.fromString("00000000-0000-4000-8000-00000000dead"));
        when(users.findById(nobody)).thenReturn(Optional.empty());

        assertFalse(service.revokeAllSessions(nobody, RequesterMother.ADMINISTRATOR));
        assertTrue(audit.events().isEmpty());

        verifyNoInteractions(sessions);
    }
}
