package dev.authservice.domain.secondfactor;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The wrong codes tried against one confirmed TOTP secret, from every client address together: the limit per account
 * that the login throttle, counting per user and address, cannot be. A code is counted before it is checked and its
 * count taken back once it proves right, so that parallel guesses cannot outrun the limit.
 *
 * <ul>
 *   <li>Over the secret's life at most {@link #LIFETIME_LIMIT} codes may be wrong; then its codes are refused for good
 *       (the recovery codes and passkeys still sign in, and a new enrolment starts a new secret with a new count).
 *       With {@link TotpFactor#SKEW_STEPS} either side of now, a guess matches at most three codes of a million, so
 *       an attacker who knows the password guesses a code with a chance of at most 100 × 3 / 10<sup>6</sup>, 3 in
 *       10,000, over the secret's whole life (NIST SP 800-63B section 5.2.2 allows 100 failures in a row).</li>
 *   <li>After {@link #FREE_IN_A_ROW} wrong in a row, each further code waits {@link #FIRST_WAIT}, doubling with each
 *       wrong one up to {@link #LONGEST_WAIT}, from the last: the limit is then spread over a day or more, time for
 *       the user to hear of it. A right code ends the row.</li>
 * </ul>
 *
 * @param total  the wrong codes counted over the secret's life, including any being checked now
 * @param inARow those since the last right code
 * @param lastAt when the last of those was tried; empty when there is none
 */
public record WrongCodes(int total, int inARow, Optional<Instant> lastAt) {

    public static final WrongCodes NONE = new WrongCodes(0, 0, Optional.empty());

    public static final int LIFETIME_LIMIT = 100;
    /** A user's own typing slips: free of waiting. */
    public static final int FREE_IN_A_ROW = 5;
    public static final Duration FIRST_WAIT = Duration.ofSeconds(30);
    public static final Duration LONGEST_WAIT = Duration.ofMinutes(15);

    public WrongCodes {
        Objects.requireNonNull(lastAt, "lastAt");
        if (inARow < 0 || total < inARow) {
            throw new IllegalArgumentException("wrong codes in a row are some of all the wrong codes");
        }
        if (inARow > 0 && lastAt.isEmpty()) {
            throw new IllegalArgumentException("wrong codes in a row have a last one");
        }
    }

    /** Whether the secret has had all the wrong codes it may ever have. */
    public boolean exhausted() {
        return total >= LIFETIME_LIMIT;
    }

    /** How long a code tried at {@code at} must still wait; empty when it may be tried now. */
    public Optional<Duration> waitAt(Instant at) {
        if (inARow < FREE_IN_A_ROW) {
            return Optional.empty();
        }
        Instant next = lastAt.orElseThrow().plus(waitAfter(inARow));
        return at.isBefore(next) ? Optional.of(Duration.between(at, next)) : Optional.empty();
    }

    /** {@link #FIRST_WAIT} after the first wrong code past the free ones, doubling, at most {@link #LONGEST_WAIT}. */
    static Duration waitAfter(int inARow) {
        Duration wait = FIRST_WAIT;
        for (int wrong = FREE_IN_A_ROW; wrong < inARow && wait.compareTo(LONGEST_WAIT) < 0; wrong++) {
            wait = wait.multipliedBy(2);
        }
        return wait.compareTo(LONGEST_WAIT) <= 0 ? wait : LONGEST_WAIT;
    }

    /** With a code tried at {@code at} counted as wrong, until it proves right. */
    WrongCodes counted(Instant at) {
        return new WrongCodes(total + 1, inARow + 1, Optional.of(at));
    }

    /** With the count of a code that proved right taken back, and the row ended. */
    WrongCodes takenBack() {
        if (total == 0) {
            throw new IllegalStateException("a right code was counted before it was checked");
        }
        return new WrongCodes(total - 1, 0, lastAt);
    }
}
