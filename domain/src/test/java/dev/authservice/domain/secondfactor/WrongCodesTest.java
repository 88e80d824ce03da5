package dev.authservice.domain.secondfactor;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WrongCodesTest {

    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

    @Test
    void theFirstWrongCodesInARowWaitForNothing() {
        WrongCodes codes = WrongCodes.NONE;
        for (int wrong = 0; wrong < WrongCodes.FREE_IN_A_ROW; wrong++) {
            assertEquals(Optional.empty(), codes.waitAt(NOW), "after " + wrong + " wrong");
            codes = codes.counted(NOW);
        }
        assertEquals(Optional.of(WrongCodes.FIRST_WAIT), codes.waitAt(NOW));
    }

    @Test
    void eachWrongCodePastTheFreeOnesDoublesTheWaitUpToTheLongest() {
        assertAll(
                () -> assertEquals(Duration.ofSeconds(30), WrongCodes.waitAfter(5)),
                () -> assertEquals(Duration.ofSeconds(60), WrongCodes.waitAfter(6)),
                () -> assertEquals(Duration.ofMinutes(8), WrongCodes.waitAfter(9)),
                () -> assertEquals(WrongCodes.LONGEST_WAIT, WrongCodes.waitAfter(10)),
                () -> assertEquals(WrongCodes.LONGEST_WAIT, WrongCodes.waitAfter(99)));
    }

    @Test
    void theWaitIsCountedFromTheLastWrongCodeAndEndsExactlyThen() {
        WrongCodes sixInARow = new WrongCodes(6, 6, Optional.of(NOW));

        assertEquals(Optional.of(Duration.ofSeconds(60)), sixInARow.waitAt(NOW));
        assertEquals(Optional.of(Duration.ofNanos(1)), sixInARow.waitAt(NOW.plusSeconds(60).minusNanos(1)));
        assertEquals(Optional.empty(), sixInARow.waitAt(NOW.plusSeconds(60)));
    }

    @Test
    void aRightCodeTakesItsCountBackAndEndsTheRowButNotTheTotal() {
        WrongCodes counted = new WrongCodes(8, 7, Optional.of(NOW)).counted(NOW.plusSeconds(900));

        WrongCodes right = counted.takenBack();

        assertEquals(new WrongCodes(8, 0, Optional.of(NOW.plusSeconds(900))), right);
        assertEquals(Optional.empty(), right.waitAt(NOW.plusSeconds(900)));
    }

    @Test
    void aSecretIsExhaustedAfterItsLifetimeOfWrongCodes() {
        assertFalse(new WrongCodes(WrongCodes.LIFETIME_LIMIT - 1, 0, Optional.of(NOW)).exhausted());
        assertTrue(new WrongCodes(WrongCodes.LIFETIME_LIMIT, 0, Optional.of(NOW)).exhausted());
    }

    /**
     * The figure of docs/second-factor.md: a guess matches at most the codes of three time steps, so over a secret's
     * life an attacker who knows the password guesses right with a chance below 1 in 1,000.
     */
    @Test
    void anAttackersChanceOverTheSecretsLifeStaysBelowOneInAThousand() {
        int codesAGuessMayMatch = 2 * TotpFactor.SKEW_STEPS + 1;
        double chance = WrongCodes.LIFETIME_LIMIT * codesAGuessMayMatch / 1_000_000.0;

        assertEquals(3.0e-4, chance, 1e-12);
        assertTrue(chance < 1.0 / 1_000);
    }

    /** The figure of docs/second-factor.md: using up the limit from the first wrong code takes most of a day. */
    @Test
    void usingUpTheLimitTakesHoursOfWaiting() {
        Duration waited = Duration.ZERO;
        for (int inARow = WrongCodes.FREE_IN_A_ROW; inARow < WrongCodes.LIFETIME_LIMIT; inARow++) {
            waited = waited.plus(WrongCodes.waitAfter(inARow));
        }
        assertEquals(Duration.ofSeconds(81_930), waited);
    }

    @Test
    void countsAreConsistent() {
        assertAll(
                () -> assertThrows(IllegalArgumentException.class, () -> new WrongCodes(1, 2, Optional.of(NOW))),
                () -> assertThrows(IllegalArgumentException.class, () -> new WrongCodes(2, 1, Optional.empty())),
                () -> assertThrows(IllegalArgumentException.class, () -> new WrongCodes(1, -1, Optional.of(NOW))),
                () -> assertThrows(IllegalStateException.class, WrongCodes.NONE::takenBack));
    }
}
