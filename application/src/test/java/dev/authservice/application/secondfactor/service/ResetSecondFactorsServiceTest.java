package dev.authservice.application.secondfactor.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.InMemorySecondFactorStore;
import dev.authservice.application.fixtures.InMemorySessionStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.Notices;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.secondfactor.port.in.ResetSecondFactorsUseCase.Command;
import dev.authservice.application.secondfactor.port.in.ResetSecondFactorsUseCase.Result;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.secondfactor.SealedSecret;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ResetSecondFactorsServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");
    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final UserAccount BOB = UserAccountMother.bob();
    private static final Requester BY_BOB = Requester.user(BOB.id(), null, null);

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemorySecondFactorStore secondFactors = new InMemorySecondFactorStore();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final InMemorySessionStore sessions = new InMemorySessionStore(users);
    private final Notices notices = new Notices();
    private final ResetSecondFactorsService service = new ResetSecondFactorsService(users, secondFactors,
            notices.changes(users, sessions), audit, Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void removesTheUsersSecondFactorsAndEndsTheirSessionsAsTheAdministrator() {
        users.add(ALICE);
        users.add(BOB);
        secondFactors.enrol(TotpFactor.enrol(ALICE.id(), new SealedSecret("plain", new byte[20]), NOW));
        SessionMother.Login alices = SessionMother.aLoginOf(ALICE, NOW.minusSeconds(600));
        SessionMother.Login bobs = SessionMother.aLoginOf(BOB, NOW.minusSeconds(600));
        sessions.start(alices.session(), alices.firstToken());
        sessions.start(bobs.session(), bobs.firstToken());

        assertEquals(new Result.Reset(), service.resetSecondFactors(new Command(ALICE.id(), BY_BOB)));
        assertEquals(Optional.empty(), secondFactors.totpOf(ALICE.id()));
        assertEquals(Optional.of(new Session.Revocation(RevocationReason.ADMINISTRATOR, NOW)),
                sessions.find(alices.sessionId()).orElseThrow().revocation());
        assertFalse(sessions.find(bobs.sessionId()).orElseThrow().isRevoked(), "another user's stays");
        assertEquals(SecurityEvent.of(SecurityEventType.SECOND_FACTOR_REMOVED, NOW, BY_BOB).about(ALICE.id())
                .outcome(AuditOutcome.ADMINISTRATOR).endingSessions(RevocationReason.ADMINISTRATOR, 1),
                audit.only());
    }

    @Test
    void theVerifiedAddressIsToldThatAnAdministratorResetThem() {
        users.add(Notices.withAddress(ALICE, true));

        service.resetSecondFactors(new Command(ALICE.id(), BY_BOB));

        assertEquals(CredentialChange.SECOND_FACTORS_RESET.subject(), notices.only().subject());
        assertTrue(notices.only().body().contains("By: an administrator"), notices.only().body());
    }

    @Test
    void anUnverifiedAddressIsToldNothing() {
        users.add(Notices.withAddress(ALICE, false));

        assertEquals(new Result.Reset(), service.resetSecondFactors(new Command(ALICE.id(), BY_BOB)));
        assertEquals(List.of(), notices.queued());
    }

    @Test
    void anUnknownUserIsNotFound() {
        assertEquals(new Result.UserNotFound(), service.resetSecondFactors(new Command(ALICE.id(), BY_BOB)));
    }
}
