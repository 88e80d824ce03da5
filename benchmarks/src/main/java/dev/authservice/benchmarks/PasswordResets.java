package dev.authservice.benchmarks;

import dev.authservice.benchmarks.load.HttpConnection;
import dev.authservice.benchmarks.logins.AlternatingLogins;
import dev.authservice.benchmarks.postgres.Postgres;
import dev.authservice.benchmarks.service.RecommendedFlags;
import dev.authservice.benchmarks.service.ServiceProcess;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a password-reset request costs the service, in its CPU time, for a name that has an account with a verified
 * address (the demo users alice and bob, in turn) beside one that has none, and how long each waits for its answer:
 * the answer must not tell them apart (docs/accounts-by-email.md). One service, in alternating batches
 * ({@link AlternatingLogins}) after an unmeasured warm-up of both: {@value #BATCHES} batches of an eighth of
 * {@code requests} each. A known name's token and mail are made after its answer, on the blocking pool, and counted in
 * its batch; the mail is not delivered (the worker is idle here: {@link OutboxDelivery} measures delivery). Then
 * {@code requests} more, the two kinds in turn in one stream, for their answer times. The limits on requests are set
 * out of the way, each name still counted. Prints, as the median of the batches with the smallest and largest in
 * brackets, the CPU per request of each kind and the requests per service CPU-second; and of the stream, the median
 * and 90th percentile of the answer times of each kind and the ratio of their medians:
 * {@code java -cp benchmarks/target/benchmarks.jar dev.authservice.benchmarks.PasswordResets [requests] [jar]}, on a
 * fresh H2, or on a fresh PostgreSQL database when DATASOURCES_DEFAULT_URL names a server.
 */
public final class PasswordResets {

    static final int BATCHES = 8;
    private static final String JSON = "Content-Type: application/json";
    private static final List<String> KNOWN = List.of("alice", "bob");

    private PasswordResets() {
    }

    /** One batch of each kind: service milliseconds of CPU per request. */
    record PerRequest(double knownMs, double unknownMs) {
    }

    public static void main(String[] args) throws Exception {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 4_000;
        Path jar = Path.of(args.length > 1 ? args[1] : "bootstrap/target/auth-service.jar");
        int perBatch = requests / BATCHES;
        Optional<String> server = Postgres.serverUrl();
        try (Postgres database = server.isPresent() ? Postgres.createDatabase(server.get()) : null;
             ServiceProcess service = ServiceProcess.start(Path.of(System.getProperty("java.home")), jar,
                     RecommendedFlags.JVM_OPTIONS, Optional.ofNullable(database).map(Postgres::jdbcUrl), Map.of(
                             // The highest limits, in a window short enough that alice and bob stay under them.
                             "AUTH_PASSWORD_RESET_MAX_REQUESTS_PER_ACCOUNT", "100",
                             "AUTH_PASSWORD_RESET_MAX_REQUESTS_PER_ADDRESS", "10000",
                             "AUTH_PASSWORD_RESET_REQUEST_WINDOW", "20ms",
                             "AUTH_MAIL_WORKER_INTERVAL", "1h"))) {
            int port = service.port();
            String host = "127.0.0.1:" + port;
            System.out.printf(Locale.ROOT, "%d reset requests of each kind on %s%n", requests,
                    database == null ? "H2" : database.name());
            List<Long> knownNanos = Collections.synchronizedList(new ArrayList<>());
            List<Long> unknownNanos = Collections.synchronizedList(new ArrayList<>());

            // Unmeasured: both kinds until their code is compiled.
            AlternatingLogins.inParallel(2 * perBatch, i -> request(port, host, KNOWN.get(i % KNOWN.size()),
                    new ArrayList<>()));
            AlternatingLogins.inParallel(2 * perBatch, i -> request(port, host, "warm-" + i, new ArrayList<>()));

            List<AlternatingLogins.Batch> batches = AlternatingLogins.measure(service.pid(), BATCHES,
                    perBatch, i -> request(port, host, KNOWN.get(i % KNOWN.size()), new ArrayList<>()),
                    perBatch, i -> request(port, host, "nobody-" + i, new ArrayList<>()));
            // The answer times in one stream of both kinds, so that a known name's work after its answer slows the
            // answers of both alike, as it would an attacker's probes among other users' requests.
            AlternatingLogins.inParallel(requests, i -> {
                if (i % 2 == 0) {
                    request(port, host, KNOWN.get(i / 2 % KNOWN.size()), knownNanos);
                } else {
                    request(port, host, "someone-" + i, unknownNanos);
                }
            });
            List<PerRequest> perRequest = batches.stream().map(batch -> new PerRequest(
                    batch.firstNanos() / 1e6 / perBatch, batch.secondNanos() / 1e6 / perBatch)).toList();
            double knownMedian = percentile(knownNanos, 0.5);
            double unknownMedian = percentile(unknownNanos, 0.5);
            System.out.printf(Locale.ROOT, "reset_request_known_cpu_ms: %s%nreset_request_unknown_cpu_ms: %s%n"
                            + "reset_requests_known_per_cpu_s: %s%nreset_requests_unknown_per_cpu_s: %s%n"
                            + "reset_answer_known_ms: %.3f (p90 %.3f)%nreset_answer_unknown_ms: %.3f (p90 %.3f)%n"
                            + "reset_answer_known_vs_unknown: %.3f (median answer times; %d batches of %d each)%n",
                    PasskeyLogins.spread(perRequest, PerRequest::knownMs, "%.3f"), PasskeyLogins.spread(perRequest, PerRequest::unknownMs, "%.3f"),
                    PasskeyLogins.spread(perRequest, each -> 1000 / each.knownMs(), "%.0f"),
                    PasskeyLogins.spread(perRequest, each -> 1000 / each.unknownMs(), "%.0f"),
                    knownMedian / 1e6, percentile(knownNanos, 0.9) / 1e6,
                    unknownMedian / 1e6, percentile(unknownNanos, 0.9) / 1e6,
                    knownMedian / unknownMedian, BATCHES, perBatch);
        }
    }

    /** One request naming {@code username}, on a connection of its own as a browser's first would be. */
    private static void request(int port, String host, String username, List<Long> answerNanos) {
        try (HttpConnection connection = new HttpConnection("127.0.0.1", port)) {
            byte[] request = HttpConnection.request("POST", "/api/password-reset/requests", host,
                    "{\"username\":\"" + username + "\"}", JSON);
            long started = System.nanoTime();
            connection.exchange(request).expect(202);
            answerNanos.add(System.nanoTime() - started);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static double percentile(List<Long> nanos, double share) {
        List<Long> sorted = new ArrayList<>(nanos);
        Collections.sort(sorted);
        return sorted.get((int) Math.min(sorted.size() - 1, Math.floor(share * sorted.size())));
    }
}
