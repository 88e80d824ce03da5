package dev.authservice.adapter.out.persistence;

import static dev.authservice.application.fixtures.PasskeyMother.aPasskey;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.federation.port.out.IdentityLinkStore;
import dev.authservice.application.fixtures.MailMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.mail.port.out.ClaimedMail;
import dev.authservice.application.mail.port.out.MailOutbox;
import dev.authservice.application.passkey.port.out.PasskeyStore;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.federation.ExternalIdentity;
import dev.authservice.domain.federation.IdentityLink;
import dev.authservice.domain.federation.IdentityLinkId;
import dev.authservice.domain.federation.ProviderName;
import dev.authservice.domain.mail.OutgoingMail;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.user.UserAccount;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A store's insert that a unique key refuses answers false inside a use case's transaction as outside one, and the
 * transaction goes on: what it wrote before and after the refused insert commits, as a notice's mail does.
 */
abstract class LostInsertsInATransaction {

    private static final Instant NOW = TestTime.SOME_INSTANT;
    private static final ExternalIdentity IDENTITY = new ExternalIdentity("https://idp.example/realms/a", "alice");

    protected abstract TestDatabase database();

    private Transactions transactions;
    private MailOutbox outbox;
    private UserStore users;
    private UserAccount alice;
    private UserAccount bob;

    @BeforeEach
    void startEmpty() {
        database().deleteAllRows();
        transactions = database().bean(Transactions.class);
        outbox = database().bean(MailOutbox.class);
        users = database().bean(UserStore.class);
        alice = UserAccountMother.aUser().named("alice").build();
        bob = UserAccountMother.aUser().named("bob").build();
        assertTrue(users.add(alice));
        assertTrue(users.add(bob));
    }

    private static IdentityLink linkOf(UserAccount user) {
        return new IdentityLink(new IdentityLinkId(UUID.randomUUID()), user.id(), new ProviderName("keycloak"),
                IDENTITY, NOW);
    }

    @Test
    void anIdentityLinkedAlreadyIsRefusedAndTheTransactionCommitsItsOtherWrites() {
        IdentityLinkStore links = database().bean(IdentityLinkStore.class);
        IdentityLink alices = linkOf(alice);
        assertTrue(links.add(alices));

        assertRefusedAmongCommittedWrites(() -> links.add(linkOf(bob)));
        assertEquals(Optional.of(alices), links.findByIdentity(IDENTITY));
    }

    @Test
    void aCredentialRegisteredAlreadyIsRefusedAndTheTransactionCommitsItsOtherWrites() {
        PasskeyStore passkeys = database().bean(PasskeyStore.class);
        Passkey alices = aPasskey().ownedBy(alice).build();
        assertTrue(passkeys.add(alices));

        assertRefusedAmongCommittedWrites(() -> passkeys.add(aPasskey().ownedBy(bob).withId(alices.id()).build()));
        assertEquals(alice.id(), passkeys.find(alices.id()).orElseThrow().ownerId());
    }

    @Test
    void aUsernameTakenIsRefusedAndTheTransactionCommitsItsOtherWrites() {
        assertRefusedAmongCommittedWrites(() -> users.add(UserAccountMother.aUser().named("alice").build()));
        assertEquals(alice.id(), users.findByUsername(alice.username()).orElseThrow().id());
    }

    @Test
    void anInsertMadeInATransactionRolledBackIsNotStored() {
        IdentityLinkStore links = database().bean(IdentityLinkStore.class);
        assertThrows(IllegalStateException.class, () -> transactions.inTransaction(() -> {
            assertTrue(links.add(linkOf(alice)));
            throw new IllegalStateException("the change failed");
        }));
        assertEquals(Optional.empty(), links.findByIdentity(IDENTITY));
        assertTrue(links.add(linkOf(bob)));
    }

    private void assertRefusedAmongCommittedWrites(BooleanSupplier refusedInsert) {
        OutgoingMail before = MailMother.to("before@example.com", NOW);
        OutgoingMail after = MailMother.to("after@example.com", NOW);
        transactions.inTransaction(() -> {
            outbox.enqueue(before);
            assertFalse(refusedInsert.getAsBoolean());
            outbox.enqueue(after);
            return null;
        });
        assertEquals(Set.of(before, after), outbox.claimDue(NOW, Duration.ofMinutes(1), 10).stream()
                .map(ClaimedMail::mail).collect(Collectors.toSet()));
    }
}
