package dev.authservice.domain.login;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LoginThrottlePolicyTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final Duration WINDOW = Duration.ofMinutes(15);
    private final LoginThrottlePolicy policy = new LoginThrottlePolicy(3, WINDOW);

    @Test
    void withoutFailuresAnAttemptMayGoAhead() {
        assertEquals(Optional.empty(), policy.waitBefore(NOW, List.of()));
    }

    @Test
    void fewerFailuresThanTheLimitLetTheAttemptGoAhead() {
        assertEquals(Optional.empty(), policy.waitBefore(NOW, List.of(minutesAgo(2), minutesAgo(1))));
    }

    @Test
    void atTheLimitTheAttemptWaitsUntilTheOldestFailureLeavesTheWindow() {
        List<Instant> failures = List.of(minutesAgo(10), minutesAgo(5), minutesAgo(1));

        // The failure 10 minutes ago leaves the 15-minute window in 5 minutes.
        assertEquals(Optional.of(Duration.ofMinutes(5)), policy.waitBefore(NOW, failures));
    }

    @Test
    void beyondTheLimitTheAttemptWaitsUntilOnlyLimitMinusOneFailuresAreLeft() {
        List<Instant> failures = List.of(minutesAgo(14), minutesAgo(10), minutesAgo(5), minutesAgo(1));

        // Once the failures of 14 and 10 minutes ago are out, two are left: below the limit of three.
        assertEquals(Optional.of(Duration.ofMinutes(5)), policy.waitBefore(NOW, failures));
    }

    @Test
    void theRetryAfterIsExact() {
        Instant oldest = NOW.minus(Duration.ofMinutes(7)).minusSeconds(13).minusMillis(250);
        List<Instant> failures = List.of(oldest, minutesAgo(3), minutesAgo(1));

        assertEquals(Optional.of(Duration.ofMinutes(7).plusSeconds(46).plusMillis(750)),
                policy.waitBefore(NOW, failures));
    }

    @Test
    void anAttemptMadeWhenTheRetryAfterHasPassedGoesAheadAndNotOneNanosecondEarlier() {
        List<Instant> failures = List.of(minutesAgo(10), minutesAgo(5), minutesAgo(1));
        Duration wait = policy.waitBefore(NOW, failures).orElseThrow();

        assertTrue(policy.waitBefore(NOW.plus(wait).minusNanos(1), failures).isPresent());
        assertEquals(Optional.empty(), policy.waitBefore(NOW.plus(wait), failures));
    }

    @Test
    void failuresOutsideTheWindowAreIgnored() {
        List<Instant> failures = List.of(minutesAgo(60), minutesAgo(16), minutesAgo(2), minutesAgo(1));

        assertEquals(Optional.empty(), policy.waitBefore(NOW, failures));
    }

    @Test
    void aFailureExactlyAtTheStartOfTheWindowNoLongerCounts() {
        Instant atWindowStart = NOW.minus(WINDOW);

        assertEquals(Optional.empty(),
                policy.waitBefore(NOW, List.of(atWindowStart, minutesAgo(2), minutesAgo(1))));
        assertTrue(policy.waitBefore(NOW,
                List.of(atWindowStart.plusNanos(1), minutesAgo(2), minutesAgo(1))).isPresent());
    }

    @Test
    void theOrderOfTheFailuresDoesNotMatter() {
        List<Instant> ordered = List.of(minutesAgo(14), minutesAgo(10), minutesAgo(5), minutesAgo(1));
        List<Instant> shuffled = List.of(minutesAgo(5), minutesAgo(14), minutesAgo(1), minutesAgo(10));

        assertEquals(Optional.of(Duration.ofMinutes(5)), policy.waitBefore(NOW, shuffled));
        assertEquals(policy.waitBefore(NOW, ordered), policy.waitBefore(NOW, shuffled));
    }

    @Test
    void withALimitOfOneASingleFailureWaitsForTheWholeRestOfTheWindow() {
        LoginThrottlePolicy strict = new LoginThrottlePolicy(1, WINDOW);

        assertEquals(Optional.of(Duration.ofMinutes(14)), strict.waitBefore(NOW, List.of(minutesAgo(1))));
    }

    @Test
    void theWindowEndsNowAndStartsOneWindowEarlier() {
        assertEquals(NOW.minus(WINDOW), policy.windowStart(NOW));
    }

    @Test
    void aPolicyNeedsAPositiveLimitAndWindow() {
        assertThrows(IllegalArgumentException.class, () -> new LoginThrottlePolicy(0, WINDOW));
        assertThrows(IllegalArgumentException.class, () -> new LoginThrottlePolicy(3, Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> new LoginThrottlePolicy(3, Duration.ofSeconds(-1)));
        assertThrows(NullPointerException.class, () -> new LoginThrottlePolicy(3, null));
    }

    private static Instant minutesAgo(long minutes) {
        return NOW.minus(Duration.ofMinutes(minutes));
    }
}
