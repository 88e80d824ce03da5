package dev.authservice.domain.secondfactor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TotpFactorTest {

    /** 59 s after the epoch, RFC 6238's first test time: step 1. */
    private static final Instant AT = Instant.ofEpochSecond(59);
    private static final UserId ALICE = new UserId(UUID.fromString("00000000-0000-0000-0000-00000000a11c"));
    private static final SealedSecret SECRET = new SealedSecret("k1", new byte[] {1, 2, 3});

    private final TotpFactor.Pending pending = TotpFactor.enrol(ALICE, SECRET, AT);

    @Test
    void aCodeMayBelongToTheCurrentStepOrOneEitherSide() {
        assertEquals(List.of(0L, 1L, 2L), TotpFactor.stepsAround(AT));
        assertEquals(List.of(-1L, 0L, 1L), TotpFactor.stepsAround(Instant.EPOCH));
        assertEquals(List.of(0L, 1L, 2L), TotpFactor.stepsAround(Instant.ofEpochSecond(30)));
    }

    @Test
    void aRightCodeConfirmsAPendingOneAtItsStep() {
        assertEquals(new TotpFactor.Check.Accepted(new TotpFactor.Confirmed(ALICE, SECRET, AT, AT.plusSeconds(1), 2,
                        WrongCodes.NONE)),
                pending.check(List.of(1L, 2L), AT.plusSeconds(1)));
    }

    @Test
    void aWrongCodeConfirmsNothing() {
        assertEquals(new TotpFactor.Check.Refused(TotpFactor.Refusal.WRONG), pending.check(List.of(), AT));
    }

    @Test
    void aCodeForAConfirmedOneIsCountedAsWrongBeforeItIsChecked() {
        TotpFactor.Confirmed confirmed = confirmed(1, WrongCodes.NONE);

        TotpFactor.Attempt attempt = confirmed.attempt(AT);

        assertEquals(new TotpFactor.Attempt.Counted(confirmed(1, new WrongCodes(1, 1, Optional.of(AT)))), attempt);
    }

    @Test
    void aConfirmedOneAcceptsACodeOfALaterStepOnlyAndTakesItsCountBack() {
        TotpFactor.Attempt.Counted counted = counted(confirmed(1, new WrongCodes(3, 2, Optional.of(AT))));

        assertEquals(new TotpFactor.Check.Accepted(confirmed(2, new WrongCodes(3, 0, Optional.of(AT.plusSeconds(1))))),
                counted.check(List.of(2L)));
        assertEquals(new TotpFactor.Check.Refused(TotpFactor.Refusal.REPLAYED), counted.check(List.of(1L)));
        assertEquals(new TotpFactor.Check.Refused(TotpFactor.Refusal.REPLAYED), counted.check(List.of(0L)));
        assertEquals(new TotpFactor.Check.Refused(TotpFactor.Refusal.WRONG), counted.check(List.of()));
    }

    @Test
    void ofSeveralStepsACodeMatchesTheLatestIsAccepted() {
        assertEquals(new TotpFactor.Check.Accepted(confirmed(3, new WrongCodes(0, 0, Optional.of(AT.plusSeconds(1))))),
                counted(confirmed(1, WrongCodes.NONE)).check(List.of(2L, 3L)));
    }

    @Test
    void codesWaitingOrExhaustedAreNotCounted() {
        WrongCodes inARow = new WrongCodes(WrongCodes.FREE_IN_A_ROW, WrongCodes.FREE_IN_A_ROW, Optional.of(AT));
        WrongCodes exhausted = new WrongCodes(WrongCodes.LIFETIME_LIMIT, 0, Optional.of(AT));

        assertEquals(new TotpFactor.Attempt.Wait(WrongCodes.FIRST_WAIT.minusSeconds(1)),
                confirmed(1, inARow).attempt(AT.plusSeconds(1)));
        assertEquals(new TotpFactor.Attempt.Exhausted(), confirmed(1, exhausted).attempt(AT.plusSeconds(86_400)));
    }

    @Test
    void aStepAcceptedMeanwhileIsNotAcceptedAgain() {
        TotpFactor.Confirmed acceptedMeanwhile = confirmed(2, new WrongCodes(1, 1, Optional.of(AT)));

        assertEquals(Optional.empty(), acceptedMeanwhile.accepting(2));
        assertEquals(Optional.of(confirmed(3, new WrongCodes(0, 0, Optional.of(AT)))),
                acceptedMeanwhile.accepting(3));
    }

    /** Counted a second after {@link #AT}. */
    private static TotpFactor.Attempt.Counted counted(TotpFactor.Confirmed confirmed) {
        return (TotpFactor.Attempt.Counted) confirmed.attempt(AT.plusSeconds(1));
    }

    private static TotpFactor.Confirmed confirmed(long lastAcceptedStep, WrongCodes wrongCodes) {
        return new TotpFactor.Confirmed(ALICE, SECRET, AT, AT, lastAcceptedStep, wrongCodes);
    }

    @Test
    void theSecretIsNeverPrinted() {
        assertEquals("SealedSecret[k1]", SECRET.toString());
        assertEquals("TotpSecret[****]", new TotpSecret(new byte[20]).toString());
    }
}
