package dev.authservice.application.port.out;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.TestTime;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.user.Username;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link LoginAttemptLog} promises. An implementation's test extends this class and hands out an empty log.
 * Times are recent: a log may forget failures older than the throttle's window.
 */
public abstract class LoginAttemptLogContract {

    private static final LoginAttemptKey ALICE_FROM_HOME = new LoginAttemptKey(new Username("alice"), "198.51.100.1");

    private LoginAttemptLog log;
    private Instant now;

    /** A log without any failure; called before each test. */
    protected abstract LoginAttemptLog emptyLoginAttemptLog();

    @BeforeEach
    void startEmpty() {
        log = emptyLoginAttemptLog();
        now = TestTime.now();
    }

    @Test
    void aKeyWithoutFailuresHasNone() {
        assertEquals(List.of(), log.failuresSince(ALICE_FROM_HOME, now.minus(Duration.ofDays(1))));
    }

    @Test
    void theFailuresAfterTheGivenInstantAreReturned() {
        List<Instant> failures = List.of(earlier(3), earlier(2), earlier(1));
        failures.forEach(at -> log.recordFailure(ALICE_FROM_HOME, at));

        assertEquals(failures, sorted(log.failuresSince(ALICE_FROM_HOME, earlier(4))));
        assertEquals(failures.subList(1, 3), sorted(log.failuresSince(ALICE_FROM_HOME, earlier(3))));
        assertEquals(List.of(), log.failuresSince(ALICE_FROM_HOME, earlier(1)));
    }

    @Test
    void failuresAreCountedPerUsernameAndClientAddress() {
        log.recordFailure(ALICE_FROM_HOME, now);

        LoginAttemptKey bobFromAlicesHome = new LoginAttemptKey(new Username("bob"), "198.51.100.1");
        LoginAttemptKey aliceAtWork = new LoginAttemptKey(new Username("alice"), "203.0.113.9");
        LoginAttemptKey aliceFromHomeAgain = new LoginAttemptKey(new Username("alice"), "198.51.100.1");

        assertEquals(List.of(), log.failuresSince(bobFromAlicesHome, earlier(1)));
        assertEquals(List.of(), log.failuresSince(aliceAtWork, earlier(1)));
        assertEquals(List.of(now), log.failuresSince(aliceFromHomeAgain, earlier(1)));
    }

    @Test
    void clearingForgetsTheFailuresOfThatKeyOnly() {
        LoginAttemptKey aliceAtWork = new LoginAttemptKey(new Username("alice"), "203.0.113.9");
        log.recordFailure(ALICE_FROM_HOME, now);
        log.recordFailure(aliceAtWork, now);

        log.clear(ALICE_FROM_HOME);

        assertEquals(List.of(), log.failuresSince(ALICE_FROM_HOME, earlier(1)));
        assertEquals(List.of(now), log.failuresSince(aliceAtWork, earlier(1)));
    }

    @Test
    void everyFailureCountsEvenWhenManyHappenAtTheSameInstant() throws Exception {
        int threads = 8;
        int failuresPerThread = 25;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < failuresPerThread; i++) {
                        log.recordFailure(ALICE_FROM_HOME, now);
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : done) {
                future.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        assertEquals(threads * failuresPerThread, log.failuresSince(ALICE_FROM_HOME, earlier(1)).size());
    }

    private Instant earlier(int minutes) {
        return now.minus(Duration.ofMinutes(minutes));
    }

    private static List<Instant> sorted(List<Instant> instants) {
        return instants.stream().sorted().toList();
    }
}
