package dev.authservice.domain.login;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.user.Username;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LoginThrottlePolicyTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final Duration WINDOW = Duration.ofMinutes(15);
    private static final Username ALICE = new Username("alice");
    private final LoginThrottlePolicy policy = new LoginThrottlePolicy(3, 10, WINDOW);

    @Test
    void withoutFailuresAnAttemptMayGoAhead() {
        assertEquals(Optional.empty(), policy.waitBefore(NOW, ALICE, byAlice(List.of())));
    }

    @Test
    void fewerFailuresThanTheLimitLetTheAttemptGoAhead() {
        assertEquals(Optional.empty(), policy.waitBefore(NOW, ALICE, byAlice(List.of(minutesAgo(2), minutesAgo(1)))));
    }

    @Test
    void atTheLimitTheAttemptWaitsUntilTheOldestFailureLeavesTheWindow() {
        List<Instant> failures = List.of(minutesAgo(10), minutesAgo(5), minutesAgo(1));

        // The failure 10 minutes ago leaves the 15-minute window in 5 minutes.
        assertEquals(Optional.of(Duration.ofMinutes(5)), policy.waitBefore(NOW, ALICE, byAlice(failures)));
    }

    @Test
    void beyondTheLimitTheAttemptWaitsUntilOnlyLimitMinusOneFailuresAreLeft() {
        List<Instant> failures = List.of(minutesAgo(14), minutesAgo(10), minutesAgo(5), minutesAgo(1));

        // Once the failures of 14 and 10 minutes ago are out, two are left: below the limit of three.
        assertEquals(Optional.of(Duration.ofMinutes(5)), policy.waitBefore(NOW, ALICE, byAlice(failures)));
    }

    @Test
    void theRetryAfterIsExact() {
        Instant oldest = NOW.minus(Duration.ofMinutes(7)).minusSeconds(13).minusMillis(250);
        List<Instant> failures = List.of(oldest, minutesAgo(3), minutesAgo(1));

        assertEquals(Optional.of(Duration.ofMinutes(7).plusSeconds(46).plusMillis(750)),
                policy.waitBefore(NOW, ALICE, byAlice(failures)));
    }

    @Test
    void anAttemptMadeWhenTheRetryAfterHasPassedGoesAheadAndNotOneNanosecondEarlier() {
        List<Instant> failures = List.of(minutesAgo(10), minutesAgo(5), minutesAgo(1));
        Duration wait = policy.waitBefore(NOW, ALICE, byAlice(failures)).orElseThrow();

        assertTrue(policy.waitBefore(NOW.plus(wait).minusNanos(1), ALICE, byAlice(failures)).isPresent());
        assertEquals(Optional.empty(), policy.waitBefore(NOW.plus(wait), ALICE, byAlice(failures)));
    }

    @Test
    void failuresOutsideTheWindowAreIgnored() {
        List<Instant> failures = List.of(minutesAgo(60), minutesAgo(16), minutesAgo(2), minutesAgo(1));

        assertEquals(Optional.empty(), policy.waitBefore(NOW, ALICE, byAlice(failures)));
    }

    @Test
    void aFailureExactlyAtTheStartOfTheWindowNoLongerCounts() {
        Instant atWindowStart = NOW.minus(WINDOW);

        assertEquals(Optional.empty(),
                policy.waitBefore(NOW, ALICE, byAlice(List.of(atWindowStart, minutesAgo(2), minutesAgo(1)))));
        assertTrue(policy.waitBefore(NOW, ALICE,
                byAlice(List.of(atWindowStart.plusNanos(1), minutesAgo(2), minutesAgo(1)))).isPresent());
    }

    @Test
    void theOrderOfTheFailuresDoesNotMatter() {
        List<Instant> ordered = List.of(minutesAgo(14), minutesAgo(10), minutesAgo(5), minutesAgo(1));
        List<Instant> shuffled = List.of(minutesAgo(5), minutesAgo(14), minutesAgo(1), minutesAgo(10));

        assertEquals(Optional.of(Duration.ofMinutes(5)), policy.waitBefore(NOW, ALICE, byAlice(shuffled)));
        assertEquals(policy.waitBefore(NOW, ALICE, byAlice(ordered)), policy.waitBefore(NOW, ALICE, byAlice(shuffled)));
    }

    @Test
    void withALimitOfOneASingleFailureWaitsForTheWholeRestOfTheWindow() {
        LoginThrottlePolicy strict = new LoginThrottlePolicy(1, 10, WINDOW);

        assertEquals(Optional.of(Duration.ofMinutes(14)),
                strict.waitBefore(NOW, ALICE, byAlice(List.of(minutesAgo(1)))));
    }

    @Test
    void oneAttemptForEachOfManyUsernamesWaitsOnceTheAddressHasReachedItsLimit() {
        List<CountedAttempt> spray = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            spray.add(new CountedAttempt(new Username("user" + i), minutesAgo(10 - i)));
        }

        // Ten failures from the address, none of them alice's: she waits until the oldest leaves the window.
        assertEquals(Optional.of(Duration.ofMinutes(5)), policy.waitBefore(NOW, ALICE, spray));
        assertEquals(Optional.empty(), policy.waitBefore(NOW, ALICE, spray.subList(1, 10)));
    }

    @Test
    void theAddressLimitCountsOnlyFailuresInsideTheWindow() {
        List<CountedAttempt> spray = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            spray.add(new CountedAttempt(new Username("user" + i), i < 5 ? minutesAgo(20) : minutesAgo(1)));
        }

        assertEquals(Optional.empty(), policy.waitBefore(NOW, ALICE, spray));
    }

    @Test
    void whenBothLimitsAreReachedTheAttemptWaitsForTheLaterUnlock() {
        List<CountedAttempt> attempts = new ArrayList<>(byAlice(List.of(minutesAgo(3), minutesAgo(2), minutesAgo(1))));
        for (int i = 0; i < 7; i++) {
            attempts.add(new CountedAttempt(new Username("user" + i), minutesAgo(14)));
        }

        // The address unlocks in 1 minute, when the seven of 14 minutes ago leave; alice's pair only in 12.
        assertEquals(Optional.of(Duration.ofMinutes(12)), policy.waitBefore(NOW, ALICE, attempts));
        assertEquals(Optional.of(Duration.ofMinutes(1)), policy.waitBefore(NOW, new Username("bob"), attempts));
    }

    @Test
    void theAddressLimitIsAtLeastTheLimitPerUsername() {
        assertThrows(IllegalArgumentException.class, () -> new LoginThrottlePolicy(3, 2, WINDOW));
    }

    @Test
    void theWindowEndsNowAndStartsOneWindowEarlier() {
        assertEquals(NOW.minus(WINDOW), policy.windowStart(NOW));
    }

    @Test
    void aPolicyNeedsAPositiveLimitAndWindow() {
        assertThrows(IllegalArgumentException.class, () -> new LoginThrottlePolicy(0, 10, WINDOW));
        assertThrows(IllegalArgumentException.class, () -> new LoginThrottlePolicy(3, 10, Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> new LoginThrottlePolicy(3, 10, Duration.ofSeconds(-1)));
        assertThrows(NullPointerException.class, () -> new LoginThrottlePolicy(3, 10, null));
    }

    /** A typo or a misunderstanding (a million, a year) would turn the throttle off while it seems on. */
    @Test
    void eachSettingHasACeilingAndItsRefusalSaysWhichAndWhatItIs() {
        assertEquals(new LoginThrottlePolicy(100, 10_000, Duration.ofDays(1)),
                new LoginThrottlePolicy(LoginThrottlePolicy.MAX_FAILURES, LoginThrottlePolicy.MAX_FAILURES_PER_ADDRESS,
                        LoginThrottlePolicy.MAX_WINDOW), "the ceilings themselves are allowed");
        InvalidValueException maxFailures = assertThrows(InvalidValueException.class,
                () -> new LoginThrottlePolicy(101, 1_000, WINDOW));
        assertEquals("maxFailures", maxFailures.field());
        assertEquals("maxFailures must be at most 100, was 101", maxFailures.getMessage());
        InvalidValueException maxFailuresPerAddress = assertThrows(InvalidValueException.class,
                () -> new LoginThrottlePolicy(5, 1_000_000, WINDOW));
        assertEquals("maxFailuresPerAddress", maxFailuresPerAddress.field());
        assertEquals("maxFailuresPerAddress must be at most 10000, was 1000000", maxFailuresPerAddress.getMessage());
        InvalidValueException window = assertThrows(InvalidValueException.class,
                () -> new LoginThrottlePolicy(5, 100, Duration.ofHours(25)));
        assertEquals("window", window.field());
        assertEquals("window must be at most 1d, was 25h", window.getMessage());
    }

    private static List<CountedAttempt> byAlice(List<Instant> failures) {
        return failures.stream().map(at -> new CountedAttempt(ALICE, at)).toList();
    }

    private static Instant minutesAgo(long minutes) {
        return NOW.minus(Duration.ofMinutes(minutes));
    }
}
