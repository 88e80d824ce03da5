package dev.authservice.application.port.out;

import static dev.authservice.application.fixtures.PasskeyMother.aPasskey;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.AtTheSameTime;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.domain.passkey.CredentialId;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.user.UserAccount;
import java.time.Duration;
import java.util.List;
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
