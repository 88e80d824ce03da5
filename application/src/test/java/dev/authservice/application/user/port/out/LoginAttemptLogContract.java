package dev.authservice.application.user.port.out;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.TestTime;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.login.LoginThrottlePolicy;
import dev.authservice.domain.user.Username;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link LoginAttemptLog} promises, whatever keeps the attempts. */
public abstract class LoginAttemptLogContract {

    /** Three failures per username and address, ten per address, in ten minutes. */
    protected static final LoginThrottlePolicy THREE_PER_USERNAME_TEN_PER_ADDRESS =
            new LoginThrottlePolicy(3, 10, Duration.ofMinutes(10));
    private static final String HOME = "198.51.100.1";
    private static final LoginAttemptKey ALICE_FROM_HOME = fromHome("alice");

    private LoginAttemptLog log;
    private Instant now;

    /** A log without any attempt, throttling by {@code policy}; called before each test. */
    protected abstract LoginAttemptLog emptyLoginAttemptLog(LoginThrottlePolicy policy, Clock clock);

    @BeforeEach
    void startEmpty() {
        now = TestTime.now();
        log = emptyLoginAttemptLog(THREE_PER_USERNAME_TEN_PER_ADDRESS, Clock.fixed(now, ZoneOffset.UTC));
    }

    @Test
    void attemptsUpToTheLimitGoAheadAndTheNextWaitsUntilTheFirstLeavesTheWindow() {
        assertEquals(Optional.empty(), log.tryAttempt(ALICE_FROM_HOME, earlier(9)));
        assertEquals(Optional.empty(), log.tryAttempt(ALICE_FROM_HOME, earlier(5)));
        assertEquals(Optional.empty(), log.tryAttempt(ALICE_FROM_HOME, earlier(1)));

        assertEquals(Optional.of(Duration.ofMinutes(1)), log.tryAttempt(ALICE_FROM_HOME, now));
    }

    @Test
    void aThrottledAttemptIsNotCountedSoWaitingDoesNotExtendTheWait() {
        for (int i = 0; i < 3; i++) {
            log.tryAttempt(ALICE_FROM_HOME, earlier(9));
        }
        for (int i = 0; i < 10; i++) {
            assertTrue(log.tryAttempt(ALICE_FROM_HOME, earlier(5)).isPresent());
        }

        assertEquals(Optional.empty(), log.tryAttempt(ALICE_FROM_HOME, now.plus(Duration.ofMinutes(1))));
    }

    @Test
    void attemptsThatLeftTheWindowNoLongerCount() {
        for (int i = 0; i < 3; i++) {
            log.tryAttempt(ALICE_FROM_HOME, earlier(11));
        }

        assertEquals(Optional.empty(), log.tryAttempt(ALICE_FROM_HOME, now));
    }

    @Test
    void attemptsAreCountedPerUsernameAndClientAddress() {
        for (int i = 0; i < 3; i++) {
            log.tryAttempt(ALICE_FROM_HOME, now);
        }

        assertEquals(Optional.empty(), log.tryAttempt(fromHome("bob"), now));
        assertEquals(Optional.empty(), log.tryAttempt(new LoginAttemptKey(new Username("alice"), "203.0.113.9"), now));
        assertTrue(log.tryAttempt(fromHome("alice"), now).isPresent());
    }

    @Test
    void anAddressThatReachedItsLimitAcrossUsernamesWaitsForEveryUsernameAndNoOtherAddressDoes() {
        for (int i = 0; i < 10; i++) {
            assertEquals(Optional.empty(), log.tryAttempt(fromHome("user" + i), earlier(9 - i)));
        }

        assertEquals(Optional.of(Duration.ofMinutes(1)), log.tryAttempt(fromHome("alice"), now));
        assertEquals(Optional.of(Duration.ofMinutes(1)), log.tryAttempt(fromHome("user0"), now));
        assertEquals(Optional.empty(), log.tryAttempt(new LoginAttemptKey(new Username("alice"), "203.0.113.9"), now));
        assertEquals(Optional.empty(), log.tryAttempt(fromHome("alice"), now.plus(Duration.ofMinutes(1))));
    }

    @Test
    void aSuccessTakesOnlyItsUsernamesAttemptsOutOfItsAddressesCount() {
        for (int i = 0; i < 8; i++) {
            log.tryAttempt(fromHome("user" + i), now);
        }
        log.tryAttempt(ALICE_FROM_HOME, now);
        log.tryAttempt(ALICE_FROM_HOME, now);
        assertTrue(log.tryAttempt(fromHome("bob"), now).isPresent());

        log.clear(ALICE_FROM_HOME);

        assertEquals(Optional.empty(), log.tryAttempt(fromHome("bob"), now));
        assertEquals(Optional.empty(), log.tryAttempt(fromHome("carol"), now));
        assertTrue(log.tryAttempt(fromHome("dave"), now).isPresent());
    }

    @Test
    void clearingStartsTheCountAgainForThatKeyOnly() {
        LoginAttemptKey aliceAtWork = new LoginAttemptKey(new Username("alice"), "203.0.113.9");
        for (int i = 0; i < 3; i++) {
            log.tryAttempt(ALICE_FROM_HOME, now);
            log.tryAttempt(aliceAtWork, now);
        }

        log.clear(ALICE_FROM_HOME);

        assertEquals(Optional.empty(), log.tryAttempt(ALICE_FROM_HOME, now));
        assertTrue(log.tryAttempt(aliceAtWork, now).isPresent());
    }

    @Test
    void ofManyParallelAttemptsExactlyTheLimitGoAhead() throws Exception {
        assertEquals(3, admittedInParallel(thread -> ALICE_FROM_HOME));
    }

    @Test
    void ofManyParallelAttemptsOnManyUsernamesFromOneAddressExactlyItsLimitGoAhead() throws Exception {
        assertEquals(10, admittedInParallel(thread -> fromHome("user" + thread)));
    }

    private int admittedInParallel(IntFunction<LoginAttemptKey> keyOfThread) throws Exception {
        int threads = 8;
        int attemptsPerThread = 25;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<Integer>> admitted = new ArrayList<>();
        try {
            CountDownLatch start = new CountDownLatch(1);
            for (int t = 0; t < threads; t++) {
                LoginAttemptKey key = keyOfThread.apply(t);
                admitted.add(pool.submit(() -> {
                    start.await();
                    int goneAhead = 0;
                    for (int i = 0; i < attemptsPerThread; i++) {
                        goneAhead += log.tryAttempt(key, now).isEmpty() ? 1 : 0;
                    }
                    return goneAhead;
                }));
            }
            start.countDown();
            int total = 0;
            for (Future<Integer> future : admitted) {
                total += future.get(30, TimeUnit.SECONDS);
            }
            return total;
        } finally {
            pool.shutdownNow();
        }
    }

    private static LoginAttemptKey fromHome(String username) {
        return new LoginAttemptKey(new Username(username), HOME);
    }

    private Instant earlier(int minutes) {
        return now.minus(Duration.ofMinutes(minutes));
    }
}
