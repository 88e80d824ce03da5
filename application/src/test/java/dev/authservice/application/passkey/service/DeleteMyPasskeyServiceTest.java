package dev.authservice.application.passkey.service;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static dev.authservice.application.fixtures.PasskeyMother.aPasskey;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.InMemoryPasskeyStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.Notices;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.passkey.port.in.DeleteMyPasskeyUseCase.Command;
import dev.authservice.application.passkey.port.in.DeleteMyPasskeyUseCase.Result;
import dev.authservice.application.passkey.port.in.ListMyPasskeysUseCase;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.session.StepUpPolicy;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Deleting, and the list that shows what is left. */
class DeleteMyPasskeyServiceTest {

    private final InMemoryPasskeyStore passkeys = new InMemoryPasskeyStore();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final InMemoryUserStore users = new InMemoryUserStore();
    private final Notices notices = new Notices();
    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");

    private final DeleteMyPasskeyService service = new DeleteMyPasskeyService(passkeys, notices.changes(users),
            new StepUp(StepUpPolicy.defaults(), audit), audit, Clock.fixed(NOW, ZoneOffset.UTC));
    private final ListMyPasskeysService list = new ListMyPasskeysService(passkeys);

    @Test
    void theOwnerDeletesTheirPasskeyAndTheTrailSaysSo() {
        Passkey alices = aPasskey().build();
        Passkey other = aPasskey().build();
        passkeys.add(alices);
        passkeys.add(other);

        assertEquals(new Result.Deleted(), service.deleteMyPasskey(new Command(UserAccountMother.ALICE_ID, NOW,
                alices.id(), RequesterMother.ALICE)));

        assertEquals(new ListMyPasskeysUseCase.Result.Listed(List.of(other)),
                list.listMyPasskeys(new ListMyPasskeysUseCase.Query(UserAccountMother.ALICE_ID)));
        assertEquals(SecurityEventType.PASSKEY_DELETED, audit.only().type());
        assertEquals(Optional.of(UserAccountMother.ALICE_ID), audit.only().userId());
    }

    @Test
    void theVerifiedAddressIsToldOfThePasskeyRemoved() {
        users.add(Notices.withAddress(UserAccountMother.alice(), true));
        Passkey alices = aPasskey().build();
        passkeys.add(alices);

        service.deleteMyPasskey(new Command(UserAccountMother.ALICE_ID, NOW, alices.id(), RequesterMother.ALICE));

        assertEquals(CredentialChange.PASSKEY_REMOVED.subject(), notices.only().subject());
        assertTrue(notices.only().body().contains("From: " + RequesterMother.CLIENT_ADDRESS.value()));
    }

    @Test
    void anUnverifiedAddressIsToldNothing() {
        users.add(Notices.withAddress(UserAccountMother.alice(), false));
        Passkey alices = aPasskey().build();
        passkeys.add(alices);

        assertEquals(new Result.Deleted(), service.deleteMyPasskey(new Command(UserAccountMother.ALICE_ID, NOW,
                alices.id(), RequesterMother.ALICE)));
        assertEquals(List.of(), notices.queued());
    }

    @Test
    void anotherUsersPasskeyIsNotFoundAndStays() {
        users.add(Notices.withAddress(UserAccountMother.alice(), true));
        Passkey bobs = aPasskey().ownedBy(UserAccountMother.bob()).build();
        passkeys.add(bobs);

        assertEquals(new Result.NotFound(), service.deleteMyPasskey(new Command(UserAccountMother.ALICE_ID, NOW,
                bobs.id(), RequesterMother.ALICE)));

        assertEquals(List.of(bobs), passkeys.findByOwner(UserAccountMother.BOB_ID));
        assertEquals(List.of(), audit.events());
        assertEquals(List.of(), notices.queued());
    }
}
