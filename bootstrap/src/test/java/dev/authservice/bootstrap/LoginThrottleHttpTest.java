package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A new application context for each test, so that the throttle state one test builds up disturbs no other. */
@MicronautTest(rebuildContext = true)
@Property(name = "auth.login.max-failures", value = "3")
@Property(name = "auth.login.failure-window", value = "10m")
class LoginThrottleHttpTest {

    @Inject
    EmbeddedServer server;

    @Test
    void afterMaxFailuresEvenTheRightPasswordWaitsButOtherUsernamesDoNot() {
        Http http = new Http(server.getURI());
        for (int i = 0; i < 3; i++) {
            assertEquals(401, http.logIn("alice", "wrong-password").status());
        }

        Http.Answer throttled = http.logIn("alice", "alice-password");

        assertEquals(429, throttled.status(), throttled.toString());
        assertEquals("TOO_MANY_ATTEMPTS", throttled.errorCode());
        long retryAfter = Long.parseLong(throttled.header("Retry-After").orElseThrow());
        assertTrue(retryAfter > 590 && retryAfter <= 600, "Retry-After " + retryAfter);
        assertTrue(throttled.setCookies().isEmpty());
        assertEquals(200, http.logIn("bob", "bob-password").status());
    }

    @Test
    void aForgedForwardingHeaderDoesNotEscapeTheThrottle() {
        Http http = new Http(server.getURI());
        for (int i = 0; i < 4; i++) {
            http.postJson("/api/login", "{\"username\":\"mallory\",\"password\":\"guess-" + i + "\"}",
                    "X-Forwarded-For", "10.0.0." + i, "Forwarded", "for=10.0.1." + i);
        }
        Http.Answer answer = http.postJson("/api/login", "{\"username\":\"mallory\",\"password\":\"guess\"}",
                "X-Forwarded-For", "10.0.0.99");

        assertEquals(429, answer.status(), answer.toString());
    }

    @Test
    void aBurstOfParallelGuessesGetsNoMoreTriesThanTheLimit() throws Exception {
        Http http = new Http(server.getURI());
        int guesses = 12;
        ExecutorService pool = Executors.newFixedThreadPool(guesses);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Integer>> statuses = new ArrayList<>();
            for (int i = 0; i < guesses; i++) {
                String guess = "guess-" + i;
                statuses.add(pool.submit(() -> {
                    start.await();
                    return http.logIn("carol", guess).status();
                }));
            }
            start.countDown();
            List<Integer> answered = new ArrayList<>();
            for (Future<Integer> status : statuses) {
                answered.add(status.get(60, TimeUnit.SECONDS));
            }

            assertEquals(3, answered.stream().filter(status -> status == 401).count(), answered.toString());
            assertEquals(guesses - 3, answered.stream().filter(status -> status == 429).count(), answered.toString());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void badInputIsNotAnAttemptAndChangesNothing() {
        Http http = new Http(server.getURI());
        for (int i = 0; i < 5; i++) {
            assertEquals(400, http.postJson("/api/login", "{\"username\":\"alice\",\"password\":42}").status());
        }

        assertEquals(200, http.logIn("alice", "alice-password").status());
    }

    @Test
    void aSuccessResetsTheCount() {
        Http http = new Http(server.getURI());
        http.logIn("bob", "wrong-password");
        http.logIn("bob", "wrong-password");
        assertEquals(200, http.logIn("bob", "bob-password").status());

        http.logIn("bob", "wrong-password");
        http.logIn("bob", "wrong-password");

        assertEquals(200, http.logIn("bob", "bob-password").status());
    }
}
