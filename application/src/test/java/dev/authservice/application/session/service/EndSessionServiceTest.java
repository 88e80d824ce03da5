package dev.authservice.application.session.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.InMemorySessionStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.session.port.in.EndSessionUseCase.Command;
import dev.authservice.application.session.port.in.EndSessionUseCase.Result;
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

class EndSessionServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final UserAccount BOB = UserAccountMother.bob();

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemorySessionStore sessions = new InMemorySessionStore(users);
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final EndSessionService service = new EndSessionService(sessions, audit, Clock.fixed(NOW, ZoneOffset.UTC));

    @BeforeEach
    void aliceAndBob() {
        users.add(ALICE);
        users.add(BOB);
    }

    @Test
    void aUserEndsTheirOwnSessionAsASignOutAtTheCurrentTime() {
        Session alices = logIn(ALICE);

        assertEquals(new Result.Ended(), endAsAlice(alices.id()));

        assertEquals(Optional.of(alices.revoke(RevocationReason.SIGNED_OUT, NOW)), sessions.find(alices.id()));
        assertEquals(SecurityEvent.of(SecurityEventType.SESSION_REVOKED, NOW, RequesterMother.ALICE)
                .about(ALICE.id()).inSession(alices.id()).outcome(AuditOutcome.SIGNED_OUT)
                .endingSessions(RevocationReason.SIGNED_OUT, 1), audit.only());
    }

    @Test
    void anotherUsersSessionIsNotFoundAndStaysLive() {
        Session bobs = logIn(BOB);

        assertEquals(new Result.NotFound(), endAsAlice(bobs.id()));

        assertEquals(Optional.of(bobs), sessions.find(bobs.id()));
        assertTrue(audit.events().isEmpty());
    }

    @Test
    void anUnknownSessionIsNotFound() {
        assertEquals(new Result.NotFound(),
                endAsAlice(new SessionId(UUID.fromString("5e55a1a0-0000-4000-8000-00000000dead"))));
    }

    @Test
    void anOwnSessionThatHadAlreadyEndedIsNotFoundLikeAnUnknownOne() {
        Session alices = logIn(ALICE);
        sessions.revoke(alices.id(), RevocationReason.LOGOUT, NOW.minusSeconds(60));

        assertEquals(new Result.NotFound(), endAsAlice(alices.id()));

        assertEquals(Optional.of(alices.revoke(RevocationReason.LOGOUT, NOW.minusSeconds(60))),
                sessions.find(alices.id()));
        assertTrue(audit.events().isEmpty());
    }

    private Result endAsAlice(SessionId sessionId) {
        return service.endSession(new Command(ALICE.id(), sessionId, RequesterMother.ALICE));
    }

    private Session logIn(UserAccount user) {
        SessionMother.Login login = SessionMother.aLoginOf(user, TestTime.SOME_INSTANT);
        sessions.start(login.session(), login.firstToken());
        return login.session();
    }
}
