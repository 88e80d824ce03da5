package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Two instances of the packaged jar on one PostgreSQL database behind haproxy, as a deployment runs them: a session
 * moves between them, a revocation on one holds on the other within a notification's delay, and restarting one after
 * the other under a steady stream of clients loses no request and no session.
 */
class MultiInstanceIT {

    /** How long an instance told to stop keeps serving with its readiness down: many of haproxy's checks. */
    private static final String DRAIN_DELAY = "2s";

    @RegisterExtension
    static final TwoInstances instances = new TwoInstances();

    @Test
    void aSessionMovesBetweenInstancesAndIsRevokedOnBoth() throws Exception {
        Http one = instances.direct(0);
        Http other = instances.direct(1);

        Http.Answer login = one.logIn("alice", "alice-password");
        assertEquals(200, login.status(), login.toString());
        Http.Answer refreshed = other.refresh(login.refreshToken());
        assertEquals(200, refreshed.status(), "a login on one instance refreshes on the other: " + refreshed);
        assertEquals(200, one.get("/api/user/profile", "Authorization", "Bearer " + refreshed.accessToken()).status());

        Http.Answer replay = one.refresh(login.refreshToken());
        assertEquals(401, replay.status(), "a rotated token replayed is reuse: " + replay);
        assertEquals(401, other.refresh(refreshed.refreshToken()).status(), "reuse revoked the session on the other");
        assertEquals("TOKEN_REVOKED", refusedSoon(other, refreshed.accessToken()).errorCode());

        Http.Answer loggedIn = other.logIn("bob", "bob-password");
        String bearer = "Bearer " + loggedIn.accessToken();
        assertEquals(200, one.get("/api/user/profile", "Authorization", bearer).status());
        assertEquals(204, other.post("/api/logout", "", "Authorization", bearer).status());
        assertEquals("TOKEN_REVOKED", refusedSoon(one, loggedIn.accessToken()).errorCode(),
                "a logout on one instance holds on the other");
        assertEquals(401, one.refresh(loggedIn.refreshToken()).status(), "and its refresh token is refused there");
    }

    /**
     * From a logout's 204 on one instance to the first 401 for its access token on the other: the other hears of it by
     * PostgreSQL's NOTIFY as it commits (target p99 under 100 ms). The bound asserted is loose for a loaded machine,
     * yet well below the 1 s poll that is the safety net, so it fails if the notifications stop.
     */
    @Test
    void aLogoutReachesTheOtherInstanceWithinANotificationsDelay() throws Exception {
        int logouts = 100;
        List<Double> delays = new ArrayList<>();
        for (int i = 0; i < logouts; i++) {
            Http one = instances.direct(i % 2);
            Http other = instances.direct((i + 1) % 2);
            Http.Answer login = one.logIn("alice", "alice-password");
            String bearer = "Bearer " + login.accessToken();
            assertEquals(200, other.get("/api/user/profile", "Authorization", bearer).status());
            assertEquals(204, one.post("/api/logout", "", "Authorization", bearer).status());
            long loggedOut = System.nanoTime();
            refusedSoon(other, login.accessToken());
            delays.add((System.nanoTime() - loggedOut) / 1e6);
        }
        double p50 = percentile(delays, 0.50);
        double p99 = percentile(delays, 0.99);
        System.out.printf("revocation delay across instances, %d logouts: p50 %.1f ms, p99 %.1f ms, max %.1f ms%n",
                logouts, p50, p99, percentile(delays, 1.0));
        assertTrue(p99 < 500, "p99 " + p99 + " ms: are the notifications heard? " + delays);
    }

    /**
     * Each instance in turn is stopped as an orchestrator stops it (SIGTERM) and started again, while clients log in,
     * refresh and read through haproxy. An instance told to stop answers its readiness probe 503 but keeps serving
     * until haproxy has taken it out, then finishes what it holds: no client sees a 5xx or a broken connection, and
     * haproxy never had to send a request elsewhere.
     */
    @Test
    void aRollingRestartLosesNoRequestAndNoSession() throws Exception {
        AtomicBoolean running = new AtomicBoolean(true);
        List<Client> clients = Stream.of("alice", "bob", "alice").map(username -> new Client(username, running))
                .toList();
        List<Thread> threads = clients.stream().map(Thread::new).toList();
        threads.forEach(Thread::start);
        List<String> outages = new ArrayList<>();
        try {
            Thread.sleep(1_000);
            for (int i = 0; i < 2; i++) {
                outages.add("instance " + (i + 1) + " " + instances.restart(i));
            }
            Thread.sleep(1_000);
        } finally {
            running.set(false);
            for (Thread thread : threads) {
                thread.join();
            }
        }

        Map<Integer, Integer> statuses = new HashMap<>();
        List<String> failures = new ArrayList<>();
        int connectionErrors = 0;
        for (Client client : clients) {
            client.statuses.forEach((status, count) -> statuses.merge(status, count.get(), Integer::sum));
            failures.addAll(client.failures);
            connectionErrors += client.connectionErrors.get();
        }
        int requests = statuses.values().stream().mapToInt(Integer::intValue).sum() + connectionErrors;
        long serverErrors = statuses.entrySet().stream().filter(status -> status.getKey() >= 500)
                .mapToInt(Map.Entry::getValue).sum();
        Map<String, String> backend = instances.haproxy().backend();
        System.out.printf("rolling restart: %d requests through haproxy, statuses %s, %d connection errors,"
                + " %d 5xx; %s; haproxy retries %s, redispatches %s%n", requests, statuses, connectionErrors,
                serverErrors, String.join(", ", outages), backend.get("wretr"), backend.get("wredis"));
        assertEquals(0, serverErrors, "5xx: " + failures);
        assertEquals(0, connectionErrors, "connection errors: " + failures);
        assertEquals(List.of(), failures);
        assertEquals("0", backend.get("wretr"), "haproxy retried a connection an instance refused: it still sent"
                + " requests to an instance that had stopped");

        Http http = instances.haproxy().http();
        List<String> lost = new ArrayList<>();
        for (Client client : clients) {
            for (String refreshToken : client.sessions) {
                Http.Answer refreshed = http.refresh(refreshToken);
                if (refreshed.status() != 200) {
                    lost.add(client.username + ": " + refreshed);
                }
            }
        }
        assertEquals(List.of(), lost, "sessions whose last acknowledged refresh token no longer works");
    }

    /** The first answer to a read with {@code accessToken} that refuses it, within a second (the poll's interval). */
    private static Http.Answer refusedSoon(Http instance, String accessToken) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(1).toNanos();
        while (true) {
            Http.Answer read = instance.get("/api/user/profile", "Authorization", "Bearer " + accessToken);
            if (read.status() == 401 || System.nanoTime() > deadline) {
                assertEquals(401, read.status(), "still accepted after a second: " + read);
                return read;
            }
        }
    }

    private static double percentile(List<Double> values, double share) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get((int) Math.ceil(share * sorted.size()) - 1);
    }

    /**
     * A client of the service through haproxy: it reads, refreshes and now and then logs in again, a few milliseconds
     * apart (a steady stream, not a flood that would starve the restarting instance of the machine's two cores),
     * keeping the last refresh token each of its sessions was given. Anything but the expected answer is a failure.
     */
    private static final class Client implements Runnable {

        private static final Duration PAUSE = Duration.ofMillis(5);

        private final String username;
        private final AtomicBoolean running;
        private final Http http = instances.haproxy().http();
        private final Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        private final AtomicInteger connectionErrors = new AtomicInteger();
        private final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        private final List<String> sessions = new ArrayList<>();

        Client(String username, AtomicBoolean running) {
            this.username = username;
            this.running = running;
        }

        @Override
        public void run() {
            String accessToken = null;
            for (int round = 0; running.get(); round++) {
                try {
                    Thread.sleep(PAUSE.toMillis());
                    if (round % 50 == 0) {
                        Http.Answer login = expect(200, http.logIn(username, username + "-password"), "login");
                        if (login == null) {
                            continue;
                        }
                        accessToken = login.accessToken();
                        sessions.add(login.refreshToken());
                    } else if (round % 2 == 0 && accessToken != null) {
                        Http.Answer refreshed = expect(200, http.refresh(sessions.get(sessions.size() - 1)), "refresh");
                        if (refreshed != null) {
                            accessToken = refreshed.accessToken();
                            sessions.set(sessions.size() - 1, refreshed.refreshToken());
                        }
                    } else if (accessToken != null) {
                        expect(200, http.get("/api/user/profile", "Authorization", "Bearer " + accessToken), "read");
                    }
                } catch (UncheckedIOException e) {
                    connectionErrors.incrementAndGet();
                    failures.add("round " + round + ": " + e.getCause());
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        private Http.Answer expect(int status, Http.Answer answer, String what) {
            statuses.computeIfAbsent(answer.status(), any -> new AtomicInteger()).incrementAndGet();
            if (answer.status() == status) {
                return answer;
            }
            failures.add(what + ": " + answer);
            return null;
        }
    }

    /**
     * The instances, haproxy and the database, started for the first test that needs them (once its prerequisites
     * are found: skipped without them, failed under {@code CI=true}) and stopped after the last.
     */
    static final class TwoInstances implements BeforeEachCallback, AfterAllCallback {

        private final List<ServiceJar> jars = List.of(new ServiceJar(), new ServiceJar());
        private final List<Http> direct = new ArrayList<>();
        private JarDatabase database;
        private Map<String, String> environment;
        private HAProxy haproxy;

        @Override
        public void beforeEach(ExtensionContext test) throws Exception {
            HAProxy.INSTALLED.require(test);
            if (haproxy != null) {
                return;
            }
            database = JarDatabase.create(test);
            environment = new HashMap<>(database.environment());
            environment.putAll(Map.of("MICRONAUT_ENVIRONMENTS", "dev", "AUTH_JWT_SECRET", Tokens.TEST_SECRET,
                    "AUTH_LOGIN_ATTEMPT_LOG", "database", "AUTH_SHUTDOWN_DRAIN_DELAY", DRAIN_DELAY));
            // One after the other: the first migrates the database and seeds the demo users.
            for (ServiceJar jar : jars) {
                jar.beforeEach(test);
                direct.add(jar.start(environment));
            }
            haproxy = HAProxy.start(jars.get(0).directory(), jars);
        }

        Http direct(int index) {
            return direct.get(index);
        }

        HAProxy haproxy() {
            return haproxy;
        }

        /**
         * SIGTERM to the {@code index}th instance; once it has stopped, it is started again. Returns once haproxy
         * sends to it again, saying when haproxy took it out, when its port closed, when it stopped and how long it
         * was out. Fails if its port closed before haproxy took it out: requests would have met a closed port.
         */
        String restart(int index) throws Exception {
            ServiceJar jar = jars.get(index);
            long signalled = System.nanoTime();
            CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> {
                try {
                    jar.close();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            long takenOut = 0;
            long portClosed = 0;
            while (!stopping.isDone()) {
                if (takenOut == 0 && !haproxy.isUp(index)) {
                    takenOut = System.nanoTime();
                }
                if (portClosed == 0 && !accepts(jar.port())) {
                    portClosed = System.nanoTime();
                }
                Thread.sleep(5);
            }
            stopping.get();
            long stopped = System.nanoTime();
            assertTrue(takenOut != 0 && (portClosed == 0 || takenOut < portClosed),
                    "instance " + (index + 1) + "'s port closed before haproxy took it out");
            direct.set(index, jar.startAgain(environment));
            while (!haproxy.isUp(index)) {
                Thread.sleep(20);
            }
            return String.format("taken out after %.2f s, port closed after %.2f s, stopped after %.2f s, out for"
                    + " %.1f s", seconds(takenOut - signalled), seconds((portClosed == 0 ? stopped : portClosed)
                    - signalled), seconds(stopped - signalled), seconds(System.nanoTime() - signalled));
        }

        private static boolean accepts(int port) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 100);
                return true;
            } catch (IOException refused) {
                return false;
            }
        }

        private static double seconds(long nanos) {
            return nanos / 1e9;
        }

        @Override
        public void afterAll(ExtensionContext test) throws Exception {
            if (haproxy != null) {
                haproxy.close();
            }
            for (ServiceJar jar : jars) {
                if (jar.directory() != null) {
                    jar.afterEach(test);
                }
            }
            if (database != null) {
                database.close();
            }
        }
    }
}
