package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.env.Environment;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/** A new application context for each test, so that the throttle state one test builds up disturbs no other. */
@MicronautTest(rebuildContext = true)
@Property(name = "auth.login.max-failures", value = "3")
@Property(name = "auth.login.max-failures-per-address", value = "5")
@Property(name = "auth.login.failure-window", value = "10m")
class LoginThrottleHttpTest {

    /** This class's throttle, for the instances its tests start themselves. */
    private static final Map<String, Object> THROTTLE = Map.of(
            "auth.login.max-failures", 3,
            "auth.login.max-failures-per-address", 5,
            "auth.login.failure-window", "10m");

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
        List<Integer> answered = guessInParallel(List.of(new Http(server.getURI())), guess -> "carol", 12);

        assertEquals(3, answered.stream().filter(status -> status == 401).count(), answered.toString());
        assertEquals(9, answered.stream().filter(status -> status == 429).count(), answered.toString());
    }

    /** With {@code auth.login.attempt-log: database}, instances on one database count each pair's attempts once. */
    @Test
    void failuresAtOneInstanceThrottleThePairAtAnotherThatSharesTheirCount() {
        List<EmbeddedServer> instances = twoInstancesCountingInTheirDatabase();
        try {
            Http first = new Http(instances.get(0).getURI());
            Http second = new Http(instances.get(1).getURI());
            for (int i = 0; i < 3; i++) {
                assertEquals(401, first.logIn("alice", "wrong-password").status());
            }

            Http.Answer throttled = second.logIn("alice", "alice-password");

            assertEquals(429, throttled.status(), throttled.toString());
            assertEquals("TOO_MANY_ATTEMPTS", throttled.errorCode());
            assertEquals(200, second.logIn("bob", "bob-password").status());
        } finally {
            instances.forEach(instance -> instance.getApplicationContext().close());
        }
    }

    @Test
    void aBurstSpreadOverInstancesThatShareTheirCountGetsNoMoreTriesThanTheLimit() throws Exception {
        List<EmbeddedServer> instances = twoInstancesCountingInTheirDatabase();
        try {
            List<Integer> answered = guessInParallel(
                    instances.stream().map(instance -> new Http(instance.getURI())).toList(), guess -> "carol", 12);

            assertEquals(3, answered.stream().filter(status -> status == 401).count(), answered.toString());
            assertEquals(9, answered.stream().filter(status -> status == 429).count(), answered.toString());
        } finally {
            instances.forEach(instance -> instance.getApplicationContext().close());
        }
    }

    /** A password sprayed over many usernames at once, from one address to instances that share their count. */
    @Test
    void aSprayOverInstancesThatShareTheirCountGetsNoMoreTriesThanTheAddressLimit() throws Exception {
        List<EmbeddedServer> instances = twoInstancesCountingInTheirDatabase();
        try {
            List<Integer> answered = guessInParallel(
                    instances.stream().map(instance -> new Http(instance.getURI())).toList(), guess -> "user" + guess,
                    12);

            assertEquals(5, answered.stream().filter(status -> status == 401).count(), answered.toString());
            assertEquals(7, answered.stream().filter(status -> status == 429).count(), answered.toString());
        } finally {
            instances.forEach(instance -> instance.getApplicationContext().close());
        }
    }

    /**
     * One address that guessed one password for many usernames waits, for every username and even with the right
     * password; the same users log in from their own addresses. An IPv6 sprayer is counted by its /64.
     */
    @Test
    void anAddressThatSpraysManyUsernamesWaitsButTheirOwnersLogInFromElsewhere() {
        EmbeddedServer proxied = behindATrustedProxy();
        try {
            Http http = new Http(proxied.getURI());
            for (int i = 0; i < 5; i++) {
                assertEquals(401, logInForwarded(http, "user" + i, "Winter2026!", "198.51.100.7").status());
            }

            Http.Answer throttled = logInForwarded(http, "alice", "alice-password", "198.51.100.7");
            assertEquals(429, throttled.status(), throttled.toString());
            assertEquals("TOO_MANY_ATTEMPTS", throttled.errorCode());
            long retryAfter = Long.parseLong(throttled.header("Retry-After").orElseThrow());
            assertTrue(retryAfter > 590 && retryAfter <= 600, "Retry-After " + retryAfter);
            assertEquals(200, logInForwarded(http, "alice", "alice-password", "203.0.113.2").status());

            for (int i = 1; i <= 5; i++) {
                assertEquals(401, logInForwarded(http, "user" + i, "Winter2026!", "2001:db8::" + i).status());
            }
            assertEquals(429, logInForwarded(http, "bob", "bob-password", "2001:db8::ffff").status());
            assertEquals(200, logInForwarded(http, "bob", "bob-password", "2001:db8:0:1::1").status());
        } finally {
            proxied.getApplicationContext().close();
        }
    }

    /**
     * Behind a trusted proxy (here the test itself, on loopback) each client it forwards for is counted on its own,
     * under the address the proxy saw it from, whatever the client wrote in the header itself, in the same line or in
     * a header of its own before the proxy's; the session list shows that address too. An IPv6 client is counted by
     * its /64, whichever of its addresses it guesses from.
     */
    @Test
    void behindATrustedProxyEachClientItForwardsForIsCountedOnItsOwn() {
        EmbeddedServer proxied = behindATrustedProxy();
        try {
            Http http = new Http(proxied.getURI());
            assertEquals(401, logInForwarded(http, "alice", "wrong-password", "198.51.100.1, 203.0.113.1").status());
            assertEquals(401, logInForwarded(http, "alice", "wrong-password", "198.51.100.2", "203.0.113.1").status());
            assertEquals(401, logInForwarded(http, "alice", "wrong-password", "203.0.113.1").status());

            assertEquals(429, logInForwarded(http, "alice", "alice-password", "203.0.113.1").status());
            Http.Answer otherClient = logInForwarded(http, "alice", "alice-password", "203.0.113.2");
            assertEquals(200, otherClient.status(), otherClient.toString());
            Http.Answer sessions =
                    http.get("/api/user/sessions", "Authorization", "Bearer " + otherClient.accessToken());
            assertEquals("203.0.113.2", sessions.content().get(0).get("ipAddress"), sessions.toString());

            for (int i = 1; i <= 3; i++) {
                assertEquals(401, logInForwarded(http, "bob", "wrong-password", "2001:db8::" + i).status());
            }
            assertEquals(429, logInForwarded(http, "bob", "bob-password", "2001:db8::ffff").status());
            assertEquals(200, logInForwarded(http, "bob", "bob-password", "2001:db8:0:1::1").status());
        } finally {
            proxied.getApplicationContext().close();
        }
    }

    /** An instance with this class's throttle behind a trusted proxy: the test itself, on loopback. */
    private static EmbeddedServer behindATrustedProxy() {
        Map<String, Object> properties = new HashMap<>(THROTTLE);
        properties.put("auth.client-address.trusted-proxies", "127.0.0.0/8,::1");
        return ApplicationContext.run(EmbeddedServer.class, properties, Environment.TEST);
    }

    /** A login with one {@code X-Forwarded-For} header for each of {@code forwardedFor}, in that order. */
    private static Http.Answer logInForwarded(Http http, String username, String password, String... forwardedFor) {
        String[] headers = new String[forwardedFor.length * 2];
        for (int i = 0; i < forwardedFor.length; i++) {
            headers[2 * i] = "X-Forwarded-For";
            headers[2 * i + 1] = forwardedFor[i];
        }
        return http.postJson("/api/login",
                "{\"username\":\"" + username + "\",\"password\":\"" + password + "\"}", headers);
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

    /** {@code guesses} wrong passwords, all at once, spread over {@code instances} in turn. */
    private static List<Integer> guessInParallel(List<Http> instances, IntFunction<String> usernameOfGuess,
                                                 int guesses) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(guesses);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Integer>> statuses = new ArrayList<>();
            for (int i = 0; i < guesses; i++) {
                Http instance = instances.get(i % instances.size());
                String username = usernameOfGuess.apply(i);
                String guess = "guess-" + i;
                statuses.add(pool.submit(() -> {
                    start.await();
                    return instance.logIn(username, guess).status();
                }));
            }
            start.countDown();
            List<Integer> answered = new ArrayList<>();
            for (Future<Integer> status : statuses) {
                answered.add(status.get(60, TimeUnit.SECONDS));
            }
            return answered;
        } finally {
            pool.shutdownNow();
        }
    }

    /** Two instances of the service on one new database, with this class's throttle, started one after the other. */
    private static List<EmbeddedServer> twoInstancesCountingInTheirDatabase() {
        Map<String, Object> properties = new HashMap<>(THROTTLE);
        properties.put("datasources.default.url", "jdbc:h2:mem:shared-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        properties.put("auth.login.attempt-log", "database");
        EmbeddedServer first = ApplicationContext.run(EmbeddedServer.class, properties, Environment.TEST);
        try {
            return List.of(first, ApplicationContext.run(EmbeddedServer.class, properties, Environment.TEST));
        } catch (RuntimeException e) {
            first.getApplicationContext().close();
            throw e;
        }
    }
}
