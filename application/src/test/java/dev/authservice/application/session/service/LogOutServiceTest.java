package dev.authservice.application.session.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.InMemorySessionStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.session.port.in.LogOutUseCase.Command;
import dev.authservice.application.session.port.in.LogOutUseCase.Result;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.session.RevocationReason;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LogOutServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemorySessionStore sessions = new InMemorySessionStore(users);
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final LogOutService service = new LogOutService(sessions, audit, Clock.fixed(NOW, ZoneOffset.UTC));
    private SessionMother.Login login;

    @BeforeEach
    void aliceIsLoggedIn() {
        users.add(UserAccountMother.alice());
        login = SessionMother.aLoginOf(UserAccountMother.alice(), TestTime.SOME_INSTANT);
        sessions.start(login.session(), login.firstToken());
    }

    @Test
    void loggingOutRevokesTheSessionAsALogoutAtTheCurrentTime() {
        assertEquals(new Result.LoggedOut(), logOut());

        assertEquals(Optional.of(login.session().revoke(RevocationReason.LOGOUT, NOW)),
                sessions.find(login.sessionId()));
        assertEquals(SecurityEvent.of(SecurityEventType.LOGGED_OUT, NOW, RequesterMother.ALICE)
                .about(UserAccountMother.ALICE_ID).inSession(login.sessionId())
                .endingSessions(RevocationReason.LOGOUT, 1), audit.only());
    }

    @Test
    void loggingOutOfASessionThatAlreadyEndedIsNoErrorAndRecordsNothing() {
        logOut();

        assertEquals(new Result.LoggedOut(), logOut());

        assertEquals(List.of(SecurityEventType.LOGGED_OUT), audit.types(), "nothing ended the second time");
    }

    private Result logOut() {
        return service.logOut(new Command(login.sessionId(), RequesterMother.ALICE));
    }
}
