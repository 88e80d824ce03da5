package dev.authservice.application.user.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.InMemorySessionStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.Notices;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.Refreshes;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.user.port.in.SetUserEnabledUseCase.Command;
import dev.authservice.application.user.port.in.SetUserEnabledUseCase.Result;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.session.Decision;
import dev.authservice.domain.session.Refusal;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SetUserEnabledServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final UserId NOBODY = new UserId(UUID.fromString("00000000-0000-4000-8000-00000000dead"));

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemorySessionStore sessions = new InMemorySessionStore(users);
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final Notices notices = new Notices();
    private final SetUserEnabledService service =
            new SetUserEnabledService(users, notices.changes(users, sessions), audit, Clock.fixed(NOW, ZoneOffset.UTC));
    private SessionMother.Login laptop;
    private SessionMother.Login phone;

    @BeforeEach
    void aliceIsLoggedInTwice() {
        users.add(ALICE);
        laptop = logIn();
        phone = logIn();
    }

    @Test
    void disablingChangesOnlyTheFlagAndEndsEverySessionOfTheUserAtOnce() {
        assertEquals(new Result.Done(), set(ALICE.id(), false));

        assertEquals(Optional.of(ALICE.withEnabled(false)), users.findById(ALICE.id()));
        for (SessionMother.Login login : List.of(laptop, phone)) {
            assertEquals(Optional.of(login.session().revoke(RevocationReason.USER_DISABLED, NOW)),
                    sessions.find(login.sessionId()));
        }
        assertEquals(SecurityEvent.of(SecurityEventType.USER_DISABLED, NOW, RequesterMother.ADMINISTRATOR)
                .about(ALICE.id()).endingSessions(RevocationReason.USER_DISABLED, 2), audit.only());
    }

    @Test
    void theVerifiedAddressIsToldOfTheDisablingByAnAdministratorAndOfNoEnabling() {
        users.setEmail(ALICE.id(), Notices.withAddress(ALICE, true).email());

        set(ALICE.id(), false);
        set(ALICE.id(), true);

        assertEquals(CredentialChange.ACCOUNT_DISABLED.subject(), notices.only().subject());
        assertTrue(notices.only().body().contains("By: an administrator"), notices.only().body());
    }

    @Test
    void anUnverifiedAddressOrNoneIsToldNothing() {
        set(ALICE.id(), false);
        users.setEmail(ALICE.id(), Notices.withAddress(ALICE, false).email());
        set(ALICE.id(), false);
        set(NOBODY, false);

        assertEquals(List.of(), notices.queued());
    }

    /** Disabled first: a refresh between the two finds the owner disabled, and nothing new outlives the disabling. */
    @Test
    void aRefreshAfterTheDisablingIsRefused() {
        set(ALICE.id(), false);

        assertEquals(Refusal.SESSION_REVOKED, ((Decision.Refuse) Refreshes.refresh(sessions, sessions.transactions(),
                SessionMother.attemptOf(laptop.firstToken().hash(), NOW))).why());
    }

    @Test
    void enablingChangesOnlyTheFlagAndBringsNoSessionBack() {
        set(ALICE.id(), false);

        assertEquals(new Result.Done(), set(ALICE.id(), true));

        assertEquals(Optional.of(ALICE), users.findById(ALICE.id()));
        assertTrue(sessions.find(laptop.sessionId()).orElseThrow().isRevoked());
        assertEquals(SecurityEvent.of(SecurityEventType.USER_ENABLED, NOW, RequesterMother.ADMINISTRATOR)
                .about(ALICE.id()), audit.events().get(1));
    }

    /** Disabling a disabled user is no error, and a session started meanwhile still ends; it is no news to tell. */
    @Test
    void disablingADisabledUserEndsWhateverSessionIsLeftAndTellsNoOneAgain() {
        users.setEmail(ALICE.id(), Notices.withAddress(ALICE, true).email());
        set(ALICE.id(), false);
        SessionMother.Login meanwhile = logIn();

        assertEquals(new Result.Done(), set(ALICE.id(), false));

        assertTrue(sessions.find(meanwhile.sessionId()).orElseThrow().isRevoked());
        assertEquals(CredentialChange.ACCOUNT_DISABLED.subject(), notices.only().subject());
    }

    @Test
    void anUnknownUserIsNotFoundAndNothingChanges() {
        assertEquals(new Result.UserNotFound(), set(NOBODY, false));
        assertEquals(new Result.UserNotFound(), set(NOBODY, true));

        assertEquals(Optional.of(laptop.session()), sessions.find(laptop.sessionId()));
        assertTrue(audit.events().isEmpty());
    }

    private Result set(UserId userId, boolean enabled) {
        return service.setUserEnabled(new Command(userId, enabled, RequesterMother.ADMINISTRATOR));
    }

    private SessionMother.Login logIn() {
        SessionMother.Login login = SessionMother.aLoginOf(ALICE, TestTime.SOME_INSTANT);
        sessions.start(login.session(), login.firstToken());
        return login;
    }
}
