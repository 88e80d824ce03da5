package dev.authservice.application.user.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.InMemorySessionStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.user.port.in.RevokeUserSessionsUseCase.Command;
import dev.authservice.application.user.port.in.RevokeUserSessionsUseCase.Result;
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
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RevokeUserSessionsServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final UserAccount ALICE = UserAccountMother.alice();

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemorySessionStore sessions = new InMemorySessionStore(users);
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final RevokeUserSessionsService service =
            new RevokeUserSessionsService(users, sessions, audit, Clock.fixed(NOW, ZoneOffset.UTC));

    @BeforeEach
    void aliceAndBob() {
        users.add(ALICE);
        users.add(UserAccountMother.bob());
    }

    @Test
    void everySessionOfTheUserEndsAsRevokedByAnAdministratorAndNoOneElses() {
        IntStream.range(0, 3).forEach(i -> logIn(ALICE));
        SessionMother.Login bobs = logIn(UserAccountMother.bob());

        assertEquals(new Result.Revoked(3), revoke(ALICE.id()));

        assertEquals(Optional.of(bobs.session()), sessions.find(bobs.sessionId()));
        assertEquals(SecurityEvent.of(SecurityEventType.SESSION_REVOKED, NOW, RequesterMother.ADMINISTRATOR)
                .about(ALICE.id()).outcome(AuditOutcome.ADMINISTRATOR)
                .endingSessions(RevocationReason.ADMINISTRATOR, 3), audit.only());
    }

    @Test
    void aUserWithoutSessionsIsFoundAllTheSameAndTheAccountLeftAsItIs() {
        assertEquals(new Result.Revoked(0), revoke(ALICE.id()));

        assertEquals(Optional.of(ALICE), users.findById(ALICE.id()));
    }

    @Test
    void anUnknownUserIsNotFoundAndNothingIsRevoked() {
        SessionMother.Login alices = logIn(ALICE);

        assertEquals(new Result.UserNotFound(),
                revoke(new UserId(UUID.fromString("00000000-0000-4000-8000-00000000dead"))));

        assertEquals(Optional.of(alices.session()), sessions.find(alices.sessionId()));
        assertTrue(audit.events().isEmpty());
    }

    private Result revoke(UserId userId) {
        return service.revokeUserSessions(new Command(userId, RequesterMother.ADMINISTRATOR));
    }

    private SessionMother.Login logIn(UserAccount user) {
        SessionMother.Login login = SessionMother.aLoginOf(user, TestTime.SOME_INSTANT);
        sessions.start(login.session(), login.firstToken());
        return login;
    }
}
