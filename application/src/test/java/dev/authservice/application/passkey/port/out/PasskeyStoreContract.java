package dev.authservice.application.passkey.port.out;

import static dev.authservice.application.fixtures.PasskeyMother.aPasskey;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.AtTheSameTime;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.passkey.CredentialId;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.user.UserAccount;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link PasskeyStore} promises. An implementation's test extends this class and hands out an empty store,
 * and a user store in which the owners are added first (a store may insist that an owner exists). A credential id is
 * one passkey across all users.
 */
public abstract class PasskeyStoreContract {

    private static final int RACERS = 8;
    private PasskeyStore store;
    private UserAccount alice;
    private UserAccount bob;

    /** A store without any passkey; called before each test. */
    protected abstract PasskeyStore emptyPasskeyStore();

    /** The users of the passkey store; called after {@link #emptyPasskeyStore()}, it must accept alice and bob. */
    protected abstract UserStore userStore();

    @BeforeEach
    void startEmptyWithTwoOwners() {
        store = emptyPasskeyStore();
        alice = UserAccountMother.alice();
        bob = UserAccountMother.bob();
        userStore().add(alice);
        userStore().add(bob);
    }

    @Test
    void aPasskeyAddedIsListedForItsOwnerAsItWasGiven() {
        Passkey passkey = aPasskey().ownedBy(alice).withSignCount(0xFFFF_FFFFL).lastUsedAt(TestTime.SOME_INSTANT)
                .build();
        Passkey plain = aPasskey().ownedBy(alice).notBackedUp().withTransports(List.of())
                .createdAt(TestTime.SOME_INSTANT.plusSeconds(1)).build();

        assertTrue(store.add(passkey));
        assertTrue(store.add(plain));

        assertEquals(List.of(passkey, plain), store.findByOwner(alice.id()));
        assertEquals(List.of(), store.findByOwner(bob.id()));
    }

    @Test
    void theListIsOldestFirst() {
        Passkey newer = aPasskey().ownedBy(alice).createdAt(TestTime.SOME_INSTANT.plus(Duration.ofDays(1))).build();
        Passkey older = aPasskey().ownedBy(alice).createdAt(TestTime.SOME_INSTANT).build();
        store.add(newer);
        store.add(older);

        assertEquals(List.of(older, newer), store.findByOwner(alice.id()));
    }

    @Test
    void aCredentialIdIsRegisteredOnceAcrossUsers() {
        Passkey alices = aPasskey().ownedBy(alice).build();
        store.add(alices);

        assertFalse(store.add(aPasskey().ownedBy(alice).withId(alices.id()).named("Again").build()));
        assertFalse(store.add(aPasskey().ownedBy(bob).withId(alices.id()).build()));

        assertEquals(List.of(alices), store.findByOwner(alice.id()));
        assertEquals(List.of(), store.findByOwner(bob.id()));
    }

    @Test
    void aPasskeyIsFoundByItsCredentialIdAlone() {
        Passkey bobs = aPasskey().ownedBy(bob).build();
        store.add(bobs);

        assertEquals(Optional.of(bobs), store.find(bobs.id()));
        assertEquals(Optional.empty(), store.find(aPasskey().build().id()));
    }

    @Test
    void aUseKeepsTheCounterTheBackupStateAndTheTimeIfTheCounterIsStillAsRead() {
        Passkey read = aPasskey().ownedBy(alice).withSignCount(5).build();
        store.add(read);
        Passkey used = used(read, 6, false);

        assertTrue(store.recordUse(read, used));
        assertEquals(Optional.of(used), store.find(read.id()));
        assertFalse(store.recordUse(read, used(read, 7, true)), "the counter is no longer 5");
        assertEquals(Optional.of(used), store.find(read.id()));
    }

    @Test
    void aUseOfADeletedPasskeyKeepsNothing() {
        Passkey read = aPasskey().ownedBy(alice).build();
        store.add(read);
        store.remove(read.id(), alice.id());

        assertFalse(store.recordUse(read, used(read, 1, true)));
        assertEquals(Optional.empty(), store.find(read.id()));
    }

    @Test
    void ofConcurrentUsesReadAtOneCountExactlyOneIsKept() throws Exception {
        for (int round = 0; round < 5; round++) { // a race goes one way or another: run it a few times
            Passkey read = aPasskey().ownedBy(alice).withSignCount(round).build();
            store.add(read);

            List<Boolean> results = AtTheSameTime.run(IntStream.range(0, RACERS)
                    .<Callable<Boolean>>mapToObj(i -> () -> store.recordUse(read, used(read, read.signCount() + 1 + i,
                            true)))
                    .toList());

            assertEquals(1, results.stream().filter(kept -> kept).count(), "kept among " + results);
            assertEquals(read.signCount() + 1 + results.indexOf(true), store.find(read.id()).orElseThrow()
                    .signCount());
        }
    }

    private static Passkey used(Passkey read, long signCount, boolean backedUp) {
        Instant at = TestTime.SOME_INSTANT.plusSeconds(signCount);
        return new Passkey(read.id(), read.ownerId(), read.userHandle(), read.name(), read.publicKey(), signCount,
                read.backupEligible(), backedUp, read.transports(), read.aaguid(), read.createdAt(),
                Optional.of(at));
    }

    @Test
    void onlyTheOwnerRemovesAPasskey() {
        Passkey alices = aPasskey().ownedBy(alice).build();
        store.add(alices);

        assertFalse(store.remove(alices.id(), bob.id()));
        assertEquals(List.of(alices), store.findByOwner(alice.id()));

        assertTrue(store.remove(alices.id(), alice.id()));
        assertFalse(store.remove(alices.id(), alice.id()));
        assertEquals(List.of(), store.findByOwner(alice.id()));
        assertTrue(store.add(alices), "its credential id is free again");
    }

    @Test
    void removingAnUnknownPasskeyRemovesNothing() {
        Passkey alices = aPasskey().ownedBy(alice).build();
        store.add(alices);

        assertFalse(store.remove(aPasskey().build().id(), alice.id()));
        assertEquals(List.of(alices), store.findByOwner(alice.id()));
    }

    @Test
    void ofConcurrentAddsOfOneCredentialIdExactlyOneWins() throws Exception {
        for (int round = 0; round < 5; round++) { // a race goes one way or another: run it a few times
            CredentialId id = aPasskey().build().id();
            List<Passkey> racers = IntStream.range(0, RACERS)
                    .mapToObj(i -> aPasskey().ownedBy(i % 2 == 0 ? alice : bob).withId(id).named("Racer " + i)
                            .build())
                    .toList();

            List<Boolean> results = AtTheSameTime.run(racers.stream()
                    .<Callable<Boolean>>map(passkey -> () -> store.add(passkey))
                    .toList());

            assertEquals(1, results.stream().filter(added -> added).count(), "winners among " + results);
            Passkey winner = racers.get(results.indexOf(true));
            assertTrue(store.findByOwner(winner.ownerId()).contains(winner));
        }
    }
}
