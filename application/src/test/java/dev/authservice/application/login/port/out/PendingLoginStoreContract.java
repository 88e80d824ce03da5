package dev.authservice.application.login.port.out;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.AtTheSameTime;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.login.FirstFactor;
import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.login.PendingLogin;
import dev.authservice.domain.login.SecondFactorPolicy;
import dev.authservice.domain.secondfactor.SecondFactorMethod;
import dev.authservice.domain.user.UserAccount;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link PendingLoginStore} promises. An implementation's test hands out an empty store, and a user store
 * in which the users are added first (a store may insist that a user exists).
 */
public abstract class PendingLoginStoreContract {

    private static final int RACERS = 8;
    private static final Instant NOW = TestTime.SOME_INSTANT;
    private static final SecondFactorPolicy POLICY = SecondFactorPolicy.defaults();

    private PendingLoginStore store;
    private UserAccount alice;
    private PendingLogin.Open open;

    protected abstract PendingLoginStore emptyPendingLoginStore();

    /** The users of the store; called after {@link #emptyPendingLoginStore()}, it must accept alice. */
    protected abstract UserStore userStore();

    @BeforeEach
    void startEmptyWithAlice() {
        store = emptyPendingLoginStore();
        alice = UserAccountMother.alice();
        userStore().add(alice);
        open = PendingLogin.begin(LoginTicketHash.of("ticket"), alice.id(), alice.passwordHash(), NOW, POLICY);
    }

    @Test
    void aPendingLoginIsFoundByItsTicketOnly() {
        store.add(open);
        assertEquals(Optional.of(open), store.find(open.ticket()));
        assertEquals(Optional.empty(), store.find(LoginTicketHash.of("another")));
    }

    /** A pending login opened after a provider's sign-in keeps saying so, through a wrong code and its completion. */
    @Test
    void theFirstFactorIsKeptThroughEveryState() {
        PendingLogin.Open afterAProvider = PendingLogin.begin(LoginTicketHash.of("after a provider"), alice.id(),
                alice.passwordHash(), FirstFactor.EXTERNAL_PROVIDER, NOW, POLICY);
        store.add(afterAProvider);
        assertEquals(Optional.of(afterAProvider), store.find(afterAProvider.ticket()));
        PendingLogin.Open once = (PendingLogin.Open) afterAProvider.wrongCode(NOW, POLICY);
        assertTrue(store.replace(afterAProvider, once));
        PendingLogin.Completed completed = once.complete(SecondFactorMethod.TOTP, NOW.plusSeconds(1));
        assertTrue(store.replace(once, completed));
        assertEquals(Optional.of(completed), store.find(afterAProvider.ticket()));
        assertEquals(FirstFactor.EXTERNAL_PROVIDER, store.find(afterAProvider.ticket()).orElseThrow().firstFactor());
    }

    @Test
    void aWrongCodeIsCountedOnlyFromTheCountRead() {
        store.add(open);
        PendingLogin once = open.wrongCode(NOW, POLICY);
        assertTrue(store.replace(open, once));
        assertEquals(Optional.of(once), store.find(open.ticket()));
        assertFalse(store.replace(open, once), "read before the count changed");
        assertEquals(Optional.of(once), store.find(open.ticket()));
    }

    @Test
    void aCompletedOrExhaustedOneIsKeptAsItIsAndNeverReplaced() {
        store.add(open);
        PendingLogin.Completed completed = open.complete(SecondFactorMethod.RECOVERY_CODE, NOW.plusSeconds(3));
        assertTrue(store.replace(open, completed));
        assertEquals(Optional.of(completed), store.find(open.ticket()));
        assertFalse(store.replace(open, open.wrongCode(NOW, POLICY)));
        assertEquals(Optional.of(completed), store.find(open.ticket()));

        PendingLogin.Open other = PendingLogin.begin(LoginTicketHash.of("other"), alice.id(), alice.passwordHash(),
                NOW, POLICY);
        store.add(other);
        PendingLogin.Open last = new PendingLogin.Open(other.ticket(), alice.id(), alice.passwordHash(), NOW,
                other.expiresAt(), POLICY.maxWrongCodes() - 1);
        assertTrue(store.replace(other, last));
        PendingLogin exhausted = last.wrongCode(NOW.plusSeconds(4), POLICY);
        assertTrue(store.replace(last, exhausted));
        assertEquals(Optional.of(exhausted), store.find(other.ticket()));
        assertFalse(store.replace(last, last.complete(SecondFactorMethod.TOTP, NOW)));
    }

    @Test
    void ofConcurrentCompletionsOfOneTicketOneWins() throws Exception {
        for (int round = 0; round < 5; round++) {
            PendingLogin.Open racing = PendingLogin.begin(LoginTicketHash.of("race " + round), alice.id(),
                    alice.passwordHash(), NOW, POLICY);
            store.add(racing);
            List<Boolean> results = AtTheSameTime.run(Collections.<Callable<Boolean>>nCopies(RACERS,
                    () -> store.replace(racing, racing.complete(SecondFactorMethod.TOTP, NOW))));
            assertEquals(1, results.stream().filter(won -> won).count(), "winners among " + results);
        }
    }

    @Test
    void expiredOnesAreForgotten() {
        store.add(open);
        PendingLogin.Open later = PendingLogin.begin(LoginTicketHash.of("later"), alice.id(), alice.passwordHash(),
                NOW.plusSeconds(60), POLICY);
        store.add(later);
        assertEquals(1, store.forgetExpiredBy(open.expiresAt()));
        assertEquals(Optional.empty(), store.find(open.ticket()));
        assertEquals(Optional.of(later), store.find(later.ticket()));
    }
}
