package dev.authservice.application.notice.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.InMemorySessionStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.Notices;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.notice.service.CredentialChanges.Change;
import dev.authservice.domain.mail.OutgoingMail;
import dev.authservice.domain.notice.ChangedBy;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.notice.Notice;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.user.UserAccount;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class CredentialChangesTest {

    private static final Instant NOW = Instant.parse("2026-12-02T05:10:42Z");
    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final Change PASSWORD_CHANGED =
            Change.byTheUser(ALICE.id(), CredentialChange.PASSWORD_CHANGED, RequesterMother.ALICE, NOW);

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemorySessionStore sessions = new InMemorySessionStore(users);
    private final Notices notices = new Notices();
    private final CredentialChanges changes = notices.changes(users, sessions);

    @Test
    void aChangeMadeIsToldToTheVerifiedAddressAsTheDomainWritesIt() {
        users.add(Notices.withAddress(ALICE, true));

        assertTrue(changes.make(PASSWORD_CHANGED, () -> true));

        Notice expected = new Notice(CredentialChange.PASSWORD_CHANGED, ChangedBy.USER, ALICE.username(), NOW,
                RequesterMother.CLIENT_ADDRESS);
        OutgoingMail mail = notices.only();
        assertEquals(expected.subject(), mail.subject());
        assertEquals(expected.body(), mail.body());
    }

    @Test
    void anUnverifiedAddressNoAddressOrNoAccountIsToldNothing() {
        users.add(Notices.withAddress(ALICE, false));
        UserAccount without = UserAccountMother.aUser().build();
        users.add(without);

        changes.make(PASSWORD_CHANGED, () -> true);
        changes.make(Change.byTheUser(without.id(), CredentialChange.PASSWORD_CHANGED, RequesterMother.ALICE, NOW),
                () -> true);
        changes.make(Change.byTheUser(UserAccountMother.BOB_ID, CredentialChange.PASSWORD_CHANGED,
                RequesterMother.ALICE, NOW), () -> true);

        assertEquals(List.of(), notices.queued());
    }

    @Test
    void aChangeNotMadeIsToldNothingAndEndsNoSession() {
        users.add(Notices.withAddress(ALICE, true));
        SessionMother.Login login = SessionMother.aLoginOf(ALICE, NOW.minusSeconds(60));
        sessions.start(login.session(), login.firstToken());

        assertFalse(changes.make(PASSWORD_CHANGED, () -> false));
        assertEquals(OptionalInt.empty(), changes.makeEndingSessions(PASSWORD_CHANGED, Optional.empty(),
                RevocationReason.PASSWORD_CHANGED, () -> false));

        assertEquals(List.of(), notices.queued());
        assertFalse(sessions.find(login.sessionId()).orElseThrow().isRevoked());
    }

    @Test
    void aChangeEndingSessionsEndsThemAllButTheOneKept() {
        users.add(Notices.withAddress(ALICE, true));
        SessionMother.Login kept = SessionMother.aLoginOf(ALICE, NOW.minusSeconds(60));
        SessionMother.Login other = SessionMother.aLoginOf(ALICE, NOW.minusSeconds(60));
        sessions.start(kept.session(), kept.firstToken());
        sessions.start(other.session(), other.firstToken());

        assertEquals(OptionalInt.of(1), changes.makeEndingSessions(PASSWORD_CHANGED,
                Optional.of(kept.sessionId()), RevocationReason.PASSWORD_CHANGED, () -> true));

        assertTrue(sessions.find(other.sessionId()).orElseThrow().isRevoked());
        assertFalse(sessions.find(kept.sessionId()).orElseThrow().isRevoked());
        assertEquals(CredentialChange.PASSWORD_CHANGED.subject(), notices.only().subject());
    }

    /** The address is read before the write: the mailbox that loses the account's mail is the one told. */
    @Test
    void anAddressRemovedByTheChangeIsStillTold() {
        users.add(Notices.withAddress(ALICE, true));

        changes.make(Change.byAnAdministrator(ALICE.id(), CredentialChange.EMAIL_ADDRESS_REMOVED,
                RequesterMother.ADMINISTRATOR, NOW), () -> {
                    users.setEmail(ALICE.id(), Optional.empty());
                    return true;
                });

        assertEquals(CredentialChange.EMAIL_ADDRESS_REMOVED.subject(), notices.only().subject());
    }
}
