package dev.authservice.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.verifyNoMoreInteractions;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.application.port.out.UserStore;
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
import org.mockito.InOrder;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class SetUserEnabledServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final UserId NOBODY = new UserId(UUID.fromString("00000000-0000-4000-8000-00000000dead"));

    @Mock private UserStore users;
    @Mock private SessionStore sessions;

    private SetUserEnabledService service;
    private final RecordingAuditLog audit = new RecordingAuditLog();

    @BeforeEach
    void setUp() {
        service = new SetUserEnabledService(users, sessions, audit, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    /** Only the flag is written: nothing read beforehand and written back whole can undo another change. */
    @Test
    void disablingSetsOnlyTheFlag() {
        when(users.setEnabled(ALICE.id(), false)).thenReturn(true);

        assertTrue(service.setEnabled(ALICE.id(), false, RequesterMother.ADMINISTRATOR));

        verify(users).setEnabled(ALICE.id(), false);
        verifyNoMoreInteractions(users);
    }

    @Test
    void disablingEndsEverySessionOfTheUserAtOnce() {
        when(users.setEnabled(ALICE.id(), false)).thenReturn(true);
        when(sessions.revokeAllOf(ALICE.id(), Optional.empty(), RevocationReason.USER_DISABLED, NOW))
                .thenReturn(2);

        service.setEnabled(ALICE.id(), false, RequesterMother.ADMINISTRATOR);

        verify(sessions).revokeAllOf(ALICE.id(), Optional.empty(), RevocationReason.USER_DISABLED, NOW);
        assertEquals(SecurityEvent.of(SecurityEventType.USER_DISABLED, NOW, RequesterMother.ADMINISTRATOR)
                .about(ALICE.id()).endingSessions(RevocationReason.USER_DISABLED, 2), audit.only());
    }

    /** Disabled first, so that no refresh can start a new token between the revocation and the disabling. */
    @Test
    void theUserIsDisabledBeforeTheSessionsEnd() {
        when(users.setEnabled(ALICE.id(), false)).thenReturn(true);

        service.setEnabled(ALICE.id(), false, RequesterMother.ADMINISTRATOR);

        InOrder order = inOrder(users, sessions);
        order.verify(users).setEnabled(ALICE.id(), false);
        order.verify(sessions).revokeAllOf(ALICE.id(), Optional.empty(), RevocationReason.USER_DISABLED,
                NOW);
    }

    @Test
    void enablingSetsOnlyTheFlagAndEndsNoSession() {
        when(users.setEnabled(ALICE.id(), true)).thenReturn(true);

        assertTrue(service.setEnabled(ALICE.id(), true, RequesterMother.ADMINISTRATOR));

        verify(users).setEnabled(ALICE.id(), true);
        verifyNoMoreInteractions(users);
        verifyNoInteractions(sessions);
        assertEquals(SecurityEvent.of(SecurityEventType.USER_ENABLED, NOW, RequesterMother.ADMINISTRATOR)
                .about(ALICE.id()), audit.only());
    }

    /** The store answers true for a user already disabled: known, and any session left over still ends. */
    @Test
    void disablingADisabledUserIsNoErrorAndStillEndsWhateverSessionIsLeft() {
        when(users.setEnabled(ALICE.id(), false)).thenReturn(true);

        assertTrue(service.setEnabled(ALICE.id(), false, RequesterMother.ADMINISTRATOR));
        assertTrue(service.setEnabled(ALICE.id(), false, RequesterMother.ADMINISTRATOR));

        verify(sessions, times(2))
                .revokeAllOf(ALICE.id(), Optional.empty(), RevocationReason.USER_DISABLED, NOW);
    }

    @Test
    void disablingAnUnknownUserIsReportedAndNothingIsRevoked() {
        when(users.setEnabled(NOBODY, false)).thenReturn(false);

        assertFalse(service.setEnabled(NOBODY, false, RequesterMother.ADMINISTRATOR));

        verifyNoInteractions(sessions);
        assertTrue(audit.events().isEmpty());
    }

    @Test
    void enablingAnUnknownUserIsReported() {
        when(users.setEnabled(NOBODY, true)).thenReturn(false);

        assertFalse(service.setEnabled(NOBODY, true, RequesterMother.ADMINISTRATOR));

        verifyNoInteractions(sessions);
    }
}
