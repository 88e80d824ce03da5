package dev.authservice.benchmarks;

import dev.authservice.benchmarks.load.HttpConnection;
import dev.authservice.benchmarks.logins.AlternatingLogins;
import dev.authservice.benchmarks.postgres.Postgres;
import dev.authservice.benchmarks.service.RecommendedFlags;
import dev.authservice.benchmarks.service.ServiceProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.IntFunction;

/**
 * What the requests anyone may make that send mail cost the service, in its CPU time, and whether their answers tell
 * who has an account: a password-reset request for a name with an account and a verified address (the demo users
 * alice and bob, in turn) beside one for a name nobody has; a sign-up with a fresh name and address beside one with
 * alice's name and address (which makes no account and mails alice instead). One service; for each pair, alternating
 * batches ({@link AlternatingLogins}) after an unmeasured warm-up of both, {@value #BATCHES} batches of an eighth of
 * {@code requests} each, the service's CPU read two seconds after a batch's last answer, so that the work after the
 * answer (the token, the password's hash, the account, the mail queued) is counted in its batch; then {@code requests} more, the two kinds in turn in one stream, for their answer times, so
 * that one kind's work after its answer slows both alike. No mail is delivered (the worker is idle here:
 * {@link OutboxDelivery} measures delivery); the limits on requests are set out of the way, each still counted.
 * Prints, as the median of the batches with the smallest and largest in brackets, the CPU per request of each kind
 * and the requests per service CPU-second; and of the stream, the median and 90th percentile of the answer times and
 * the ratio of the medians: {@code java -cp benchmarks/target/benchmarks.jar dev.authservice.benchmarks.SelfService
 * [requests] [jar]}, on a fresh H2, or on a fresh PostgreSQL database when DATASOURCES_DEFAULT_URL names a server.
 */
public final class SelfService {

    static final int BATCHES = 8;
    private static final String JSON = "Content-Type: application/json";
    private static final List<String> KNOWN = List.of("alice", "bob");
    /** Long and uncommon enough for the password policy; a sign-up hashes it whatever is taken. */
    private static final String PASSWORD = "quiet harbour lamps at seven";
    /** Longer than the service waits before a request's work after its answer, and than that work takes. */
    private static final Duration AFTER_THE_ANSWER = Duration.ofSeconds(2);

    private SelfService() {
    }

    /** A kind of request: its name in the figures, the path it posts to, and its body by index. */
    private record Kind(String name, String path, IntFunction<String> body) {
    }

    /** One batch of each kind: service milliseconds of CPU per request. */
    record PerRequest(double firstMs, double secondMs) {
    }

    public static void main(String[] args) throws Exception {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
        Path jar = Path.of(args.length > 1 ? args[1] : "bootstrap/target/auth-service.jar");
        String run = UUID.randomUUID().toString().substring(0, 8);
        Optional<String> server = Postgres.serverUrl();
        try (Postgres database = server.isPresent() ? Postgres.createDatabase(server.get()) : null;
             ServiceProcess service = ServiceProcess.start(Path.of(System.getProperty("java.home")), jar,
                     RecommendedFlags.JVM_OPTIONS, Optional.ofNullable(database).map(Postgres::jdbcUrl), Map.of(
                             // The highest limits, in a window short enough that alice and bob stay under them.
                             "AUTH_PASSWORD_RESET_MAX_REQUESTS_PER_ACCOUNT", "100",
                             "AUTH_PASSWORD_RESET_MAX_REQUESTS_PER_ADDRESS", "10000",
                             "AUTH_PASSWORD_RESET_REQUEST_WINDOW", "20ms",
                             "AUTH_MAIL_WORKER_INTERVAL", "1h"))) {
            System.out.printf(Locale.ROOT, "%d requests of each kind on %s%n", requests,
                    database == null ? "H2" : database.name());
            compare(service, requests, "reset",
                    new Kind("known", "/api/password-reset/requests",
                            i -> "{\"username\":\"" + KNOWN.get(i % KNOWN.size()) + "\"}"),
                    new Kind("unknown", "/api/password-reset/requests",
                            i -> "{\"username\":\"nobody-" + run + "-" + i + "\"}"));
            compare(service, requests, "sign_up",
                    new Kind("fresh", "/api/sign-up", i -> "{\"username\":\"new-" + run + "-" + i + "\",\"email\":\"new-"
                            + run + "-" + i + "@example.com\",\"password\":\"" + PASSWORD + "\"}"),
                    new Kind("taken", "/api/sign-up", i -> "{\"username\":\"alice\",\"email\":\"alice@example.com\","
                            + "\"password\":\"" + PASSWORD + "\"}"));
        }
    }

    private static void compare(ServiceProcess service, int requests, String what, Kind first, Kind second)
            throws InterruptedException {
        int perBatch = requests / BATCHES;
        int port = service.port();
        // Each call its own index, so that no fresh name comes twice: warm-up, batches and stream apart.
        AlternatingLogins.inParallel(2 * perBatch, i -> send(port, first, 3 * requests + i, new ArrayList<>()));
        AlternatingLogins.inParallel(2 * perBatch, i -> send(port, second, 3 * requests + i, new ArrayList<>()));
        List<AlternatingLogins.Batch> batches = AlternatingLogins.measure(service.pid(), BATCHES, AFTER_THE_ANSWER,
                perBatch, i -> send(port, first, i, new ArrayList<>()),
                perBatch, i -> send(port, second, i, new ArrayList<>()));
        List<Long> firstNanos = Collections.synchronizedList(new ArrayList<>());
        List<Long> secondNanos = Collections.synchronizedList(new ArrayList<>());
        AlternatingLogins.inParallel(requests, i -> send(port, i % 2 == 0 ? first : second, requests + i,
                i % 2 == 0 ? firstNanos : secondNanos));

        List<PerRequest> perRequest = batches.stream().map(batch -> new PerRequest(
                batch.firstNanos() / 1e6 / perBatch, batch.secondNanos() / 1e6 / perBatch)).toList();
        String a = what + "_" + first.name();
        String b = what + "_" + second.name();
        System.out.printf(Locale.ROOT, "%s_cpu_ms: %s%n%s_cpu_ms: %s%n%s_per_cpu_s: %s%n%s_per_cpu_s: %s%n"
                        + "%s_answer_ms: %.3f (p90 %.3f)%n%s_answer_ms: %.3f (p90 %.3f)%n"
                        + "%s_answer_%s_vs_%s: %.3f (median answer times; %d batches of %d each)%n",
                a, PasskeyLogins.spread(perRequest, PerRequest::firstMs, "%.3f"),
                b, PasskeyLogins.spread(perRequest, PerRequest::secondMs, "%.3f"),
                a, PasskeyLogins.spread(perRequest, each -> 1000 / each.firstMs(), "%.0f"),
                b, PasskeyLogins.spread(perRequest, each -> 1000 / each.secondMs(), "%.0f"),
                a, percentile(firstNanos, 0.5) / 1e6, percentile(firstNanos, 0.9) / 1e6,
                b, percentile(secondNanos, 0.5) / 1e6, percentile(secondNanos, 0.9) / 1e6,
                what, first.name(), second.name(), percentile(firstNanos, 0.5) / percentile(secondNanos, 0.5),
                BATCHES, perBatch);
    }

    /** The {@code index}th request of {@code kind}, on a connection of its own as a browser's first would be. */
    private static void send(int port, Kind kind, int index, List<Long> answerNanos) {
        try (HttpConnection connection = new HttpConnection("127.0.0.1", port)) {
            byte[] request = HttpConnection.request("POST", kind.path(), "127.0.0.1:" + port, kind.body().apply(index),
                    JSON);
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
