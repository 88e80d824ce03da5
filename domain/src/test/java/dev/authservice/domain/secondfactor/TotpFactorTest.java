package dev.authservice.domain.secondfactor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.List;
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
        assertEquals(new TotpFactor.Check.Accepted(new TotpFactor.Confirmed(ALICE, SECRET, AT, AT.plusSeconds(1), 2)),
                pending.check(List.of(1L, 2L), AT.plusSeconds(1)));
    }

    @Test
    void aWrongCodeConfirmsNothing() {
        assertEquals(new TotpFactor.Check.Refused(TotpFactor.Refusal.WRONG), pending.check(List.of(), AT));
    }

    @Test
    void aConfirmedOneAcceptsACodeOfALaterStepOnly() {
        TotpFactor.Confirmed confirmed = new TotpFactor.Confirmed(ALICE, SECRET, AT, AT, 1);
        assertEquals(new TotpFactor.Check.Accepted(new TotpFactor.Confirmed(ALICE, SECRET, AT, AT, 2)),
                confirmed.check(List.of(2L), AT));
        assertEquals(new TotpFactor.Check.Refused(TotpFactor.Refusal.REPLAYED), confirmed.check(List.of(1L), AT));
        assertEquals(new TotpFactor.Check.Refused(TotpFactor.Refusal.REPLAYED), confirmed.check(List.of(0L), AT));
        assertEquals(new TotpFactor.Check.Refused(TotpFactor.Refusal.WRONG), confirmed.check(List.of(), AT));
    }

    @Test
    void theSecretIsNeverPrinted() {
        assertEquals("SealedSecret[k1]", SECRET.toString());
        assertEquals("TotpSecret[****]", new TotpSecret(new byte[20]).toString());
    }
}
