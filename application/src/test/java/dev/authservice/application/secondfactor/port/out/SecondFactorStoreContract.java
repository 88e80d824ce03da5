package dev.authservice.application.secondfactor.port.out;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.AtTheSameTime;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.SealedSecret;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.secondfactor.WrongCodes;
import dev.authservice.domain.user.UserAccount;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link SecondFactorStore} promises. An implementation's test hands out an empty store, and a user store
 * in which the owners are added first (a store may insist that a user exists).
 */
public abstract class SecondFactorStoreContract {

    private static final int RACERS = 8;
    private static final Instant ENROLLED = TestTime.SOME_INSTANT;
    private static final SealedSecret SECRET = new SealedSecret("k1", new byte[] {1, 2, 3, 4});
    private static final SealedSecret OTHER_SECRET = new SealedSecret("k2", new byte[] {5, 6, 7, 8});
    private static final List<RecoveryCode.Hash> CODES = List.of(
            new RecoveryCode("AAAAAAAAAA").hash(), new RecoveryCode("BBBBBBBBBB").hash());

    private SecondFactorStore store;
    private UserAccount alice;
    private UserAccount bob;

    protected abstract SecondFactorStore emptySecondFactorStore();

    /** The users of the store; called after {@link #emptySecondFactorStore()}, it must accept alice and bob. */
    protected abstract UserStore userStore();

    @BeforeEach
    void startEmptyWithTwoUsers() {
        store = emptySecondFactorStore();
        alice = UserAccountMother.alice();
        bob = UserAccountMother.bob();
        userStore().add(alice);
        userStore().add(bob);
    }

    private TotpFactor.Pending pending(SealedSecret secret) {
        return TotpFactor.enrol(alice.id(), secret, ENROLLED);
    }

    private TotpFactor.Confirmed confirmed(long step) {
        return confirmed(step, WrongCodes.NONE);
    }

    private TotpFactor.Confirmed confirmed(long step, WrongCodes wrongCodes) {
        return new TotpFactor.Confirmed(alice.id(), SECRET, ENROLLED, ENROLLED.plusSeconds(30), step, wrongCodes);
    }

    private TotpFactor.Confirmed confirmedAlice() {
        store.enrol(pending(SECRET));
        assertTrue(store.confirm(pending(SECRET), confirmed(5), CODES));
        return confirmed(5);
    }

    @Test
    void aTotpIsKeptAsEnrolledForItsUserOnly() {
        assertTrue(store.enrol(pending(SECRET)));
        assertEquals(Optional.of(pending(SECRET)), store.totpOf(alice.id()));
        assertEquals(Optional.empty(), store.totpOf(bob.id()));
    }

    @Test
    void aNewEnrolmentReplacesAPendingOne() {
        store.enrol(pending(SECRET));
        TotpFactor.Pending again = TotpFactor.enrol(alice.id(), OTHER_SECRET, ENROLLED.plusSeconds(1));
        assertTrue(store.enrol(again));
        assertEquals(Optional.of(again), store.totpOf(alice.id()));
    }

    @Test
    void aConfirmedOneIsNotReplacedByAnEnrolment() {
        confirmedAlice();
        assertFalse(store.enrol(pending(OTHER_SECRET)));
        assertEquals(Optional.of(confirmed(5)), store.totpOf(alice.id()));
    }

    @Test
    void aConfirmationTakesEffectWithItsRecoveryCodes() {
        confirmedAlice();
        assertEquals(Optional.of(confirmed(5)), store.totpOf(alice.id()));
        assertEquals(2, store.recoveryCodesLeft(alice.id()));
        assertEquals(0, store.recoveryCodesLeft(bob.id()));
    }

    @Test
    void aConfirmationOfAReplacedOrConfirmedOneChangesNothing() {
        store.enrol(pending(OTHER_SECRET));
        assertFalse(store.confirm(pending(SECRET), confirmed(5), CODES));
        assertEquals(Optional.of(pending(OTHER_SECRET)), store.totpOf(alice.id()));
        assertEquals(0, store.recoveryCodesLeft(alice.id()));
        assertFalse(store.confirm(pending(SECRET), confirmed(5), CODES), "nothing pending for that secret");

        store.remove(alice.id());
        confirmedAlice();
        assertFalse(store.confirm(pending(SECRET), confirmed(9), List.of()));
        assertEquals(Optional.of(confirmed(5)), store.totpOf(alice.id()));
        assertEquals(2, store.recoveryCodesLeft(alice.id()));
    }

    @Test
    void aCodeIsAcceptedOnlyFromTheLastAcceptedStepRead() {
        TotpFactor.Confirmed read = confirmedAlice();
        assertTrue(store.replace(read, confirmed(7)));
        assertEquals(Optional.of(confirmed(7)), store.totpOf(alice.id()));
        assertFalse(store.replace(read, confirmed(8)), "read before the last acceptance");
        assertEquals(Optional.of(confirmed(7)), store.totpOf(alice.id()));
    }

    @Test
    void wrongCodesAreKeptAndCountedOnlyFromTheCountRead() {
        TotpFactor.Confirmed read = confirmedAlice();
        TotpFactor.Confirmed counted = confirmed(5, new WrongCodes(1, 1, Optional.of(ENROLLED.plusSeconds(60))));
        TotpFactor.Confirmed countedAgain = confirmed(5, new WrongCodes(2, 2, Optional.of(ENROLLED.plusSeconds(61))));

        assertTrue(store.replace(read, counted));
        assertEquals(Optional.of(counted), store.totpOf(alice.id()));
        assertFalse(store.replace(read, countedAgain), "read before the last count");
        assertTrue(store.replace(counted, countedAgain));
        assertEquals(Optional.of(countedAgain), store.totpOf(alice.id()));
        TotpFactor.Confirmed accepted = confirmed(6, new WrongCodes(1, 0, Optional.of(ENROLLED.plusSeconds(61))));
        assertFalse(store.replace(counted, accepted), "read before the last count");
        assertTrue(store.replace(countedAgain, accepted));
        assertEquals(Optional.of(accepted), store.totpOf(alice.id()));
    }

    @Test
    void aFactorOfAnotherSecretIsNotReplaced() {
        confirmedAlice();
        TotpFactor.Confirmed ofAnotherSecret = new TotpFactor.Confirmed(alice.id(), OTHER_SECRET, ENROLLED,
                ENROLLED.plusSeconds(30), 5, WrongCodes.NONE);
        assertFalse(store.replace(ofAnotherSecret, confirmed(6)));
        assertEquals(Optional.of(confirmed(5)), store.totpOf(alice.id()));
    }

    @Test
    void ofConcurrentReplacementsOfOneStateOneWins() throws Exception {
        for (int round = 0; round < 5; round++) {
            store.remove(alice.id());
            TotpFactor.Confirmed read = confirmedAlice();
            List<Boolean> results = AtTheSameTime.run(Collections.<Callable<Boolean>>nCopies(RACERS,
                    () -> store.replace(read, confirmed(5, new WrongCodes(1, 1, Optional.of(ENROLLED))))));
            assertEquals(1, results.stream().filter(won -> won).count(), "winners among " + results);
        }
    }

    @Test
    void renewedRecoveryCodesReplaceTheOldOnesUsedOrNot() {
        TotpFactor.Confirmed held = confirmedAlice();
        store.useRecoveryCode(alice.id(), CODES.get(0));
        RecoveryCode.Hash renewed = new RecoveryCode("CCCCCCCCCC").hash();

        assertTrue(store.renewRecoveryCodes(held, List.of(renewed)));

        assertFalse(store.hasRecoveryCode(alice.id(), CODES.get(1)));
        assertTrue(store.hasRecoveryCode(alice.id(), renewed));
        assertEquals(1, store.recoveryCodesLeft(alice.id()));
    }

    @Test
    void recoveryCodesAreNotRenewedForATotpNoLongerInEffect() {
        TotpFactor.Confirmed held = confirmedAlice();
        store.remove(alice.id());
        assertFalse(store.renewRecoveryCodes(held, CODES));
        assertEquals(0, store.recoveryCodesLeft(alice.id()));

        store.enrol(TotpFactor.enrol(alice.id(), OTHER_SECRET, ENROLLED));
        assertTrue(store.confirm(TotpFactor.enrol(alice.id(), OTHER_SECRET, ENROLLED), new TotpFactor.Confirmed(
                alice.id(), OTHER_SECRET, ENROLLED, ENROLLED, 1, WrongCodes.NONE), List.of()));
        assertFalse(store.renewRecoveryCodes(held, CODES), "another secret since");
        assertEquals(0, store.recoveryCodesLeft(alice.id()));
    }

    @Test
    void aRecoveryCodeIsUsedOnceByItsUserOnly() {
        confirmedAlice();
        RecoveryCode.Hash code = CODES.get(0);
        assertTrue(store.hasRecoveryCode(alice.id(), code));
        assertFalse(store.hasRecoveryCode(bob.id(), code));
        assertFalse(store.useRecoveryCode(bob.id(), code));
        assertTrue(store.useRecoveryCode(alice.id(), code));
        assertFalse(store.hasRecoveryCode(alice.id(), code));
        assertFalse(store.useRecoveryCode(alice.id(), code));
        assertEquals(1, store.recoveryCodesLeft(alice.id()));
        assertFalse(store.useRecoveryCode(alice.id(), new RecoveryCode("CCCCCCCCCC").hash()));
    }

    @Test
    void ofConcurrentUsesOfOneRecoveryCodeOneWins() throws Exception {
        confirmedAlice();
        List<Boolean> results = AtTheSameTime.run(Collections.<Callable<Boolean>>nCopies(RACERS,
                () -> store.useRecoveryCode(alice.id(), CODES.get(1))));
        assertEquals(1, results.stream().filter(won -> won).count(), "winners among " + results);
    }

    @Test
    void removingForgetsTheTotpAndItsRecoveryCodes() {
        confirmedAlice();
        store.enrol(TotpFactor.enrol(bob.id(), OTHER_SECRET, ENROLLED));
        assertTrue(store.remove(alice.id()));
        assertEquals(Optional.empty(), store.totpOf(alice.id()));
        assertEquals(0, store.recoveryCodesLeft(alice.id()));
        assertFalse(store.hasRecoveryCode(alice.id(), CODES.get(0)));
        assertFalse(store.remove(alice.id()));
        assertTrue(store.totpOf(bob.id()).isPresent(), "another user's stays");
        assertTrue(store.enrol(pending(SECRET)), "enrols afresh");
    }
}
