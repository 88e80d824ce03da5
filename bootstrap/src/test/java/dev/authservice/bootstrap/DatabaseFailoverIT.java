package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.session.RefreshTokenHash;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The service on a primary and its synchronous standby kept by pg_auto_failover ({@link PostgresPair}), its URL
 * naming both with {@code targetServerType=primary}. Clients log in, refresh and read their orders while the primary
 * dies; the monitor promotes the standby. The service answers again within seconds, without a restart, and every
 * rotation it acknowledged is there, none of them half done.
 */
class DatabaseFailoverIT {

    private static final int CLIENTS = 4;
    private static final Duration BEFORE_THE_KILL = Duration.ofSeconds(3);
    private static final Duration AFTER_RECOVERY = Duration.ofSeconds(3);
    private static final Duration RECOVERY_LIMIT = Duration.ofSeconds(20);
    /** A client logs in again every so many rounds, so that logins run through the failover too. */
    private static final int ROUNDS_PER_LOGIN = 25;

    // Registered first: a test skipped for want of pg_autoctl has set it up, and so can tear it down.
    @RegisterExtension
    final ServiceJar service = new ServiceJar();

    @RegisterExtension
    final PostgresPair database = new PostgresPair();

    private final Queue<Request> requests = new ConcurrentLinkedQueue<>();
    private final Queue<String> unexpected = new ConcurrentLinkedQueue<>();
    private volatile boolean stopping;

    @Test
    void theServiceAnswersAgainOnThePromotedStandbyAndKeepsEveryAcknowledgedRotation() throws Exception {
        Http http = service.start(Map.of(
                "MICRONAUT_ENVIRONMENTS", "dev",
                "DATASOURCES_DEFAULT_URL", database.jdbcUrl(),
                "DATASOURCES_DEFAULT_USERNAME", database.username()));
        try (Connection primary = database.connectToPrimary();
             Statement statement = primary.createStatement();
             ResultSet standbys = statement.executeQuery("SHOW synchronous_standby_names")) {
            assertTrue(standbys.next() && !standbys.getString(1).isEmpty(),
                    "the primary waits for its standby at each commit");
        }
        List<Client> clients = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(CLIENTS);
        long killing;
        long killed;
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                Client client = new Client(http);
                clients.add(client);
                running.add(threads.submit(client));
            }
            Thread.sleep(BEFORE_THE_KILL.toMillis());
            killing = System.nanoTime();
            database.killPrimary();
            killed = System.nanoTime();
            long deadline = killed + RECOVERY_LIMIT.toNanos();
            while (firstSuccessSentAfter(killed) == Long.MAX_VALUE && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            Thread.sleep(AFTER_RECOVERY.toMillis());
            stopping = true;
            for (Future<?> client : running) {
                client.get(60, TimeUnit.SECONDS);
            }
        } finally {
            stopping = true;
            threads.shutdownNow();
        }

        long recovered = firstSuccessSentAfter(killed);
        assertTrue(recovered - killed < RECOVERY_LIMIT.toNanos(), "no request sent after the primary was killed"
                + " succeeded within " + RECOVERY_LIMIT + ": " + service.log() + database.logs());
        long firstFailure = requests.stream().filter(request -> !request.succeeded())
                .mapToLong(Request::answered).min().orElse(recovered);
        int sessions = 0;
        int lost = 0;
        for (Client client : clients) {
            for (String last : client.lastAcknowledged) {
                sessions++;
                lost += http.refresh(last).status() == 200 ? 0 : 1;
            }
        }
        System.out.printf("Failover: first failure %d ms after the kill, first success %d ms after it: an outage of"
                        + " %d ms; %d of %d requests failed, the slowest took %d ms; %d rotations acknowledged, %d"
                        + " sessions, %d lost; %d refused after an unanswered rotation%n",
                millis(firstFailure - killing), millis(recovered - killing), millis(recovered - firstFailure),
                requests.stream().filter(request -> !request.succeeded()).count(), requests.size(),
                millis(requests.stream().mapToLong(request -> request.answered() - request.sent()).max().orElse(0)),
                clients.stream().mapToInt(client -> client.rotations).sum(), sessions, lost,
                clients.stream().mapToInt(client -> client.refusedAfterAFailure.size()).sum());

        assertEquals(List.of(), List.copyOf(unexpected), "answers that no failover explains");
        assertEquals(0, lost, "sessions whose last acknowledged refresh token is refused after the failover");
        try (Connection primary = database.connectToPrimary()) {
            for (Client client : clients) {
                for (String refused : client.refusedAfterAFailure) {
                    // The rotation it asked for was committed, but the primary died before its answer was sent: the
                    // same token presented again is a replay, and its session ends. Not a lost write.
                    assertEquals("ROTATED", tokenStatus(primary, refused), "a token refused after a failed refresh");
                }
            }
            assertEquals(0, count(primary, "SELECT count(*) FROM sessions s WHERE (SELECT count(*)"
                    + " FROM refresh_tokens t WHERE t.session_id = s.id AND t.status = 'ACTIVE') <> 1"),
                    "sessions with no active refresh token, or with several");
            assertEquals(0, count(primary, "SELECT count(*) FROM refresh_tokens r WHERE r.status = 'ROTATED'"
                    + " AND NOT EXISTS (SELECT 1 FROM refresh_tokens s WHERE s.session_id = r.session_id"
                    + " AND s.issued_at = r.rotated_at AND s.token_hash <> r.token_hash)"),
                    "rotated refresh tokens without the successor their rotation issued");
            assertEquals(1, count(primary, "SELECT count(*) FROM pg_stat_activity"
                    + " WHERE application_name = 'auth-service revocation listener'"),
                    "the service listens to revocations on the promoted standby");
        }
    }

    private long firstSuccessSentAfter(long moment) {
        return requests.stream().filter(request -> request.succeeded() && request.sent() > moment)
                .mapToLong(Request::answered).min().orElse(Long.MAX_VALUE);
    }

    private static String tokenStatus(Connection connection, String token) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT status FROM refresh_tokens WHERE token_hash = ?")) {
            statement.setString(1, RefreshTokenHash.of(token).hex());
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? row.getString(1) : "missing";
            }
        }
    }

    private static long count(Connection connection, String query) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(query);
             ResultSet row = statement.executeQuery()) {
            row.next();
            return row.getLong(1);
        }
    }

    private static long millis(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }

    /** One request: when it was sent and answered, and whether it succeeded. */
    private record Request(long sent, long answered, boolean succeeded) {
    }

    /**
     * One user's client, as a browser or an app keeps its tokens: it refreshes and reads its orders, logs in again now
     * and then, and after a failure presents the same refresh token again. It stops once asked to, after a round
     * that succeeded, so that the last token of each of its sessions was acknowledged.
     */
    private final class Client implements Runnable {

        private final Http http;
        /** The last refresh token acknowledged in each of its sessions, the current one last. */
        final List<String> lastAcknowledged = new ArrayList<>();
        /** Tokens presented again after a refresh without an answer, and refused. */
        final List<String> refusedAfterAFailure = new ArrayList<>();
        int rotations;
        private String accessToken;

        Client(Http http) {
            this.http = http;
        }

        @Override
        public void run() {
            boolean succeeded = logIn();
            for (int round = 1; !stopping || !succeeded; round++) {
                if (Thread.currentThread().isInterrupted()) {
                    return;
                }
                succeeded = accessToken == null || round % ROUNDS_PER_LOGIN == 0 ? logIn() : refreshAndRead();
            }
        }

        private boolean logIn() {
            Http.Answer login = send(() -> http.logIn("alice", "alice-password"));
            if (!succeeded(login)) {
                return false;
            }
            lastAcknowledged.add(login.refreshToken());
            accessToken = login.accessToken();
            return true;
        }

        private boolean refreshAndRead() {
            int current = lastAcknowledged.size() - 1;
            String presented = lastAcknowledged.get(current);
            Http.Answer refreshed = send(() -> http.refresh(presented));
            if (refreshed != null && refreshed.status() == 401) {
                refusedAfterAFailure.add(presented);
                lastAcknowledged.remove(current);
                accessToken = null;
                return false;
            }
            if (!succeeded(refreshed)) {
                return false;
            }
            lastAcknowledged.set(current, refreshed.refreshToken());
            rotations++;
            accessToken = refreshed.accessToken();
            return succeeded(send(() -> http.get("/api/user/orders", "Authorization", "Bearer " + accessToken)));
        }

        /**
         * 200, or a failure the database's absence explains (no answer, or 503 with Retry-After: never a 500), with
         * anything else noted as unexpected.
         */
        private boolean succeeded(Http.Answer answer) {
            if (answer == null || answer.status() == 503 && answer.header("Retry-After").isPresent()) {
                return false;
            }
            if (answer.status() != 200) {
                unexpected.add(answer.toString());
                return false;
            }
            return true;
        }

        /** The answer, or null when the connection failed; recorded either way. */
        private Http.Answer send(Supplier<Http.Answer> request) {
            long sent = System.nanoTime();
            Http.Answer answer;
            try {
                answer = request.get();
            } catch (UncheckedIOException e) {
                answer = null;
            }
            requests.add(new Request(sent, System.nanoTime(), answer != null && answer.status() == 200));
            if (answer != null && answer.status() >= 500) {
                pause();
            }
            return answer;
        }

        private void pause() {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
