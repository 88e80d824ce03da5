package dev.authservice.application.recovery.port.out;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.TestTime;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.recovery.ResetRequestKey;
import dev.authservice.domain.recovery.ResetRequestLimit;
import dev.authservice.domain.user.Username;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link ResetRequestLog} promises. An implementation's test hands out an empty log. */
public abstract class ResetRequestLogContract {

    private static final Instant NOW = TestTime.SOME_INSTANT;
    private static final ClientAddress HOME = new ClientAddress("2001:db8:1::1");
    private static final ClientAddress AWAY = new ClientAddress("192.0.2.7");
    /** Two a minute per identifier, three per network. */
    private static final ResetRequestLimit LIMIT = new ResetRequestLimit(2, 3, Duration.ofMinutes(1));

    private ResetRequestLog log;

    protected abstract ResetRequestLog emptyResetRequestLog();

    @BeforeEach
    void startEmpty() {
        log = emptyResetRequestLog();
    }

    @Test
    void requestsAreCountedByIdentifierFromEveryClient() {
        ResetRequestKey aliceFromHome = ResetRequestKey.of(new Username("alice"), HOME);
        assertEquals(Optional.empty(), log.tryRequest(aliceFromHome, NOW.minusSeconds(30), LIMIT));
        assertEquals(Optional.empty(), log.tryRequest(ResetRequestKey.of(new Username("alice"), AWAY),
                NOW.minusSeconds(20), LIMIT));

        assertEquals(Optional.of(Duration.ofSeconds(30)), log.tryRequest(aliceFromHome, NOW, LIMIT));
        assertEquals(Optional.empty(), log.tryRequest(ResetRequestKey.of(new Username("bob"), AWAY), NOW, LIMIT));
    }

    @Test
    void requestsAreCountedByClientNetworkForEveryIdentifier() {
        log.tryRequest(ResetRequestKey.of(new Username("alice"), HOME), NOW.minusSeconds(30), LIMIT);
        log.tryRequest(ResetRequestKey.of(new Username("bob"), HOME), NOW.minusSeconds(20), LIMIT);
        log.tryRequest(ResetRequestKey.of(new EmailAddress("carol@example.com"), new ClientAddress("2001:db8:1::2")),
                NOW.minusSeconds(10), LIMIT);

        assertEquals(Optional.of(Duration.ofSeconds(30)),
                log.tryRequest(ResetRequestKey.of(new Username("dave"), HOME), NOW, LIMIT));
        assertEquals(Optional.empty(), log.tryRequest(ResetRequestKey.of(new Username("dave"), AWAY), NOW, LIMIT));
    }

    @Test
    void aRefusedRequestIsNotCounted() {
        ResetRequestKey key = ResetRequestKey.of(new Username("alice"), HOME);
        log.tryRequest(key, NOW.minusSeconds(50), LIMIT);
        log.tryRequest(key, NOW.minusSeconds(40), LIMIT);
        for (int i = 0; i < 5; i++) {
            assertEquals(Optional.of(Duration.ofSeconds(10)), log.tryRequest(key, NOW, LIMIT));
        }
        assertEquals(Optional.empty(), log.tryRequest(key, NOW.plusSeconds(10), LIMIT));
    }

    @Test
    void onlyRequestsAfterTheStartOfTheWindowCount() {
        ResetRequestKey key = ResetRequestKey.of(new Username("alice"), HOME);
        log.tryRequest(key, NOW.minusSeconds(60), LIMIT);
        log.tryRequest(key, NOW.minusSeconds(59), LIMIT);
        assertEquals(Optional.empty(), log.tryRequest(key, NOW, LIMIT));
    }

    @Test
    void oldRequestsAreForgottenInBatches() {
        ResetRequestLimit roomy = new ResetRequestLimit(10, 10, Duration.ofHours(1));
        ResetRequestKey key = ResetRequestKey.of(new Username("alice"), HOME);
        log.tryRequest(key, NOW.minusSeconds(120), roomy);
        log.tryRequest(key, NOW.minusSeconds(90), roomy);
        log.tryRequest(key, NOW, roomy);
        assertEquals(1, log.forgetBefore(NOW.minusSeconds(60), 1));
        assertEquals(1, log.forgetBefore(NOW.minusSeconds(60), 10));
        assertEquals(0, log.forgetBefore(NOW.minusSeconds(60), 10));
        assertEquals(1, log.forgetBefore(NOW, 10));
    }

    /**
     * A burst for one name from many networks, and one from one network for many names, each released at once: no
     * more pass than the limit lets through, however the requests interleave.
     */
    @Test
    void requestsArrivingTogetherPassNoMoreThanTheLimit() throws Exception {
        ResetRequestLimit limit = new ResetRequestLimit(3, 5, Duration.ofMinutes(1));
        List<Callable<Optional<Duration>>> oneName = new ArrayList<>();
        List<Callable<Optional<Duration>>> oneNetwork = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            // Networks apart from AWAY: a request of the first burst let through from it would count in the second.
            ResetRequestKey fromEverywhere = ResetRequestKey.of(new Username("alice"),
                    new ClientAddress("203.0.113." + (i + 1)));
            ResetRequestKey forEveryone = ResetRequestKey.of(new Username("user-" + i), AWAY);
            oneName.add(() -> log.tryRequest(fromEverywhere, NOW, limit));
            oneNetwork.add(() -> log.tryRequest(forEveryone, NOW, limit));
        }
        assertEquals(3, passedAtOnce(oneName));
        assertEquals(5, passedAtOnce(oneNetwork));
    }

    private static long passedAtOnce(List<Callable<Optional<Duration>>> requests) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(requests.size());
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Optional<Duration>>> answers = new ArrayList<>();
            for (Callable<Optional<Duration>> request : requests) {
                answers.add(threads.submit(() -> {
                    start.await();
                    return request.call();
                }));
            }
            start.countDown();
            long passed = 0;
            for (Future<Optional<Duration>> answer : answers) {
                passed += answer.get().isEmpty() ? 1 : 0;
            }
            return passed;
        } finally {
            threads.shutdownNow();
        }
    }
}
