package dev.authservice.application.passkey.service;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static dev.authservice.application.fixtures.PasskeyMother.aPasskey;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.authservice.application.fixtures.InMemoryPasskeyStore;
import dev.authservice.application.fixtures.InMemorySessionStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.Notices;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.passkey.port.in.ListUserPasskeysUseCase;
import dev.authservice.application.passkey.port.in.RemoveUserPasskeyUseCase;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.Session;
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

/** An administrator's view of a user's passkeys: {@link ListUserPasskeysService} and {@link RemoveUserPasskeyService}. */
class AdministeringUserPasskeysServiceTest {

    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final UserAccount BOB = UserAccountMother.bob();

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemorySessionStore sessions = new InMemorySessionStore(users);
    private final Notices notices = new Notices();
    private final InMemoryPasskeyStore passkeys = new InMemoryPasskeyStore();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final ListUserPasskeysService list = new ListUserPasskeysService(users, passkeys);
    private final RemoveUserPasskeyService remove = new RemoveUserPasskeyService(users, passkeys,
            notices.changes(users, sessions), audit,
            Clock.fixed(NOW, ZoneOffset.UTC));
    private final Passkey alices = aPasskey().ownedBy(ALICE).build();
    private final Passkey bobs = aPasskey().ownedBy(BOB).build();

    @BeforeEach
    void twoUsersWithAPasskeyEach() {
        users.add(ALICE);
        users.add(BOB);
        passkeys.add(alices);
        passkeys.add(bobs);
    }

    @Test
    void anAdministratorListsAUsersPasskeysOnly() {
        assertEquals(new ListUserPasskeysUseCase.Result.Listed(List.of(alices)),
                list.listUserPasskeys(new ListUserPasskeysUseCase.Query(ALICE.id())));
        assertEquals(new ListUserPasskeysUseCase.Result.UserNotFound(),
                list.listUserPasskeys(new ListUserPasskeysUseCase.Query(new UserId(UUID.randomUUID()))));
    }

    @Test
    void removingAPasskeyEndsEverySessionOfItsUser() {
        SessionMother.Login alicesLogin = SessionMother.aLoginOf(ALICE, NOW.minusSeconds(60));
        SessionMother.Login bobsLogin = SessionMother.aLoginOf(BOB, NOW.minusSeconds(60));
        sessions.start(alicesLogin.session(), alicesLogin.firstToken());
        sessions.start(bobsLogin.session(), bobsLogin.firstToken());

        assertEquals(new RemoveUserPasskeyUseCase.Result.Removed(), remove.removeUserPasskey(
                new RemoveUserPasskeyUseCase.Command(ALICE.id(), alices.id(), RequesterMother.ADMINISTRATOR)));

        assertEquals(List.of(), passkeys.findByOwner(ALICE.id()));
        assertEquals(Optional.of(new Session.Revocation(RevocationReason.ADMINISTRATOR, NOW)),
                sessions.find(alicesLogin.sessionId()).orElseThrow().revocation());
        assertFalse(sessions.find(bobsLogin.sessionId()).orElseThrow().isRevoked());
        assertEquals(SecurityEvent.of(SecurityEventType.PASSKEY_DELETED, NOW, RequesterMother.ADMINISTRATOR)
                .about(ALICE.id()).outcome(AuditOutcome.ADMINISTRATOR)
                .endingSessions(RevocationReason.ADMINISTRATOR, 1), audit.only());
    }

    @Test
    void theVerifiedAddressIsToldThatAnAdministratorRemovedAPasskey() {
        users.setEmail(ALICE.id(), Notices.withAddress(ALICE, true).email());

        remove.removeUserPasskey(
                new RemoveUserPasskeyUseCase.Command(ALICE.id(), alices.id(), RequesterMother.ADMINISTRATOR));

        assertEquals(CredentialChange.PASSKEY_REMOVED.subject(), notices.only().subject());
        assertTrue(notices.only().body().contains("By: an administrator"), notices.only().body());
    }

    @Test
    void anUnverifiedAddressIsToldNothing() {
        users.setEmail(ALICE.id(), Notices.withAddress(ALICE, false).email());

        assertEquals(new RemoveUserPasskeyUseCase.Result.Removed(), remove.removeUserPasskey(
                new RemoveUserPasskeyUseCase.Command(ALICE.id(), alices.id(), RequesterMother.ADMINISTRATOR)));
        assertEquals(List.of(), notices.queued());
    }

    @Test
    void anotherUsersPasskeyOrAnUnknownUserIsNotFoundAndNothingChanges() {
        users.setEmail(ALICE.id(), Notices.withAddress(ALICE, true).email());
        assertEquals(new RemoveUserPasskeyUseCase.Result.PasskeyNotFound(), remove.removeUserPasskey(
                new RemoveUserPasskeyUseCase.Command(ALICE.id(), bobs.id(), RequesterMother.ADMINISTRATOR)));
        assertEquals(new RemoveUserPasskeyUseCase.Result.UserNotFound(), remove.removeUserPasskey(
                new RemoveUserPasskeyUseCase.Command(new UserId(UUID.randomUUID()), alices.id(),
                        RequesterMother.ADMINISTRATOR)));

        assertEquals(List.of(bobs), passkeys.findByOwner(BOB.id()));
        assertEquals(List.of(alices), passkeys.findByOwner(ALICE.id()));
        assertEquals(List.of(), audit.events());
        assertEquals(List.of(), notices.queued());
    }
}
