package dev.authservice.benchmarks;

import dev.authservice.benchmarks.load.ClosedLoop;
import dev.authservice.benchmarks.postgres.Postgres;
import dev.authservice.benchmarks.service.RecommendedFlags;
import dev.authservice.benchmarks.service.Scenarios;
import dev.authservice.benchmarks.service.ServiceProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The tables under a steady refresh load, counted while it runs: they grow while the first sessions live, then stay
 * level, since the clean-up forgets as many rows as the refreshes add. The service runs on a fresh PostgreSQL
 * database with its lifetimes shrunk from days to seconds ({@link #SETTINGS}: a session lives a minute, an ended one
 * is kept 20 s, the clean-up runs every 5 s after its first minute), so that a few minutes stand for months.
 * {@link #CLIENTS} clients refresh as fast as they are answered, and log in again when their session has ended.
 *
 * <pre>
 *   DATASOURCES_DEFAULT_URL=jdbc:postgresql://127.0.0.1:5432/postgres DATASOURCES_DEFAULT_USERNAME=postgres \
 *     java -cp benchmarks/target/benchmarks.jar dev.authservice.benchmarks.TablesStayBounded [minutes, default 5]
 * </pre>
 */
public final class TablesStayBounded {

    static final int CLIENTS = 8;
    private static final Duration SAMPLE_EVERY = Duration.ofSeconds(10);
    private static final Map<String, String> SETTINGS = Map.of(
            "AUTH_SESSION_MAX_LIFETIME", "60s",
            "AUTH_ACCESS_TOKEN_TTL", "10s",
            "AUTH_JWT_CLOCK_SKEW", "0s",
            "AUTH_CLEANUP_RETENTION", "20s",
            "AUTH_CLEANUP_INTERVAL", "5s");
    private static final String COUNTS = "SELECT (SELECT count(*) FROM sessions),"
            + " (SELECT count(*) FROM refresh_tokens), (SELECT count(*) FROM login_attempts),"
            + " (SELECT count(*) FROM audit_events)";

    private TablesStayBounded() {
    }

    public static void main(String[] args) throws Exception {
        Duration length = Duration.ofMinutes(args.length > 0 ? Long.parseLong(args[0]) : 5);
        String server = Postgres.serverUrl().orElseThrow(() -> new IllegalStateException(
                "DATASOURCES_DEFAULT_URL names no PostgreSQL server (see the usage in this class's comment)"));
        Path jar = Path.of(System.getProperty("auth.jar", "bootstrap/target/auth-service.jar"));
        System.out.println("settings: " + SETTINGS + "; " + CLIENTS + " clients for " + length);
        ExecutorService load = Executors.newSingleThreadExecutor();
        try (Postgres database = Postgres.createDatabase(server);
             ServiceProcess service = ServiceProcess.start(Path.of(System.getProperty("java.home")), jar,
                     RecommendedFlags.JVM_OPTIONS, Optional.of(database.jdbcUrl()), SETTINGS)) {
            List<ClosedLoop.VirtualClient> clients = new Scenarios("127.0.0.1", service.port(), CLIENTS).refresh();
            Future<ClosedLoop.Run> run = load.submit(() -> ClosedLoop.run(clients, length));
            System.out.println("   t  sessions  refresh_tokens  login_attempts  audit_events");
            List<long[]> samples = new ArrayList<>();
            long started = System.nanoTime();
            for (long t = 0; t <= length.toSeconds(); t += SAMPLE_EVERY.toSeconds()) {
                Thread.sleep(Math.max(0, (started + Duration.ofSeconds(t).toNanos() - System.nanoTime()) / 1_000_000));
                String[] counts = database.select(COUNTS).split("\\|");
                long[] sample = new long[counts.length];
                for (int i = 0; i < counts.length; i++) {
                    sample[i] = Long.parseLong(counts[i].trim());
                }
                samples.add(sample);
                System.out.printf(Locale.ROOT, "%4ds  %8d  %14d  %14d  %12d%n", t, sample[0], sample[1], sample[2],
                        sample[3]);
            }
            ClosedLoop.Run done = run.get();
            System.out.printf(Locale.ROOT, "%d refreshes (%.0f/s), %d refused (a session's end, then a new login)%n",
                    done.succeeded(), done.perSecond(), done.failed());
            report(samples);
        } finally {
            load.shutdownNow();
        }
    }

    /** The largest count of each table in the first and in the second half of the run, after its first minute. */
    private static void report(List<long[]> samples) {
        int firstMinute = (int) (Duration.ofMinutes(1).toSeconds() / SAMPLE_EVERY.toSeconds()) + 1;
        int middle = firstMinute + (samples.size() - firstMinute) / 2;
        String[] tables = {"sessions", "refresh_tokens"};
        for (int table = 0; table < tables.length; table++) {
            System.out.printf(Locale.ROOT, "%s: at most %d in the first half, %d in the second; %d at the end%n",
                    tables[table], largest(samples.subList(firstMinute, middle), table),
                    largest(samples.subList(middle, samples.size()), table), samples.get(samples.size() - 1)[table]);
        }
    }

    private static long largest(List<long[]> samples, int table) {
        return samples.stream().mapToLong(sample -> sample[table]).max().orElse(0);
    }
}
