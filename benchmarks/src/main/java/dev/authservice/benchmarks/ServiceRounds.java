package dev.authservice.benchmarks;

import dev.authservice.benchmarks.load.ClosedLoop;
import dev.authservice.benchmarks.load.CpuTime;
import dev.authservice.benchmarks.load.Machine;
import dev.authservice.benchmarks.postgres.Postgres;
import dev.authservice.benchmarks.report.Figures;
import dev.authservice.benchmarks.rounds.Meter;
import dev.authservice.benchmarks.rounds.Rounds;
import dev.authservice.benchmarks.rounds.Warmup;
import dev.authservice.benchmarks.service.HashRun;
import dev.authservice.benchmarks.service.Scenarios;
import dev.authservice.benchmarks.service.ServiceProcess;
import dev.authservice.benchmarks.service.Spray;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The figures of record, on one service: started on a fresh database of the PostgreSQL server the environment names
 * (or a fresh H2) and warmed up, then {@code --rounds} rounds of ping, profile, login (right after it the raw hash and
 * the login under a spray, so that a ratio's two sides see the machine alike) and refresh, and on PostgreSQL the
 * database's own ceilings ({@link DatabaseCeilings}); after the rounds the warm logins, the peak memory and, on
 * PostgreSQL, one more refresh run counted by the database's statistics.
 */
final class ServiceRounds {

    /** How long PostgreSQL's backends may keep their statistics unpublished, plus a margin. */
    private static final Duration STATISTICS_SETTLE = Duration.ofSeconds(11);
    /** The figures that only a run on PostgreSQL measures. */
    private static final List<String> POSTGRES_FIGURES = List.of("refresh_db_tps", "refresh_vs_db", "refresh_jdbc_tps",
            "jdbc_vs_db", "refresh_vs_db_ceiling", "writes_per_refresh", "commits_per_refresh");

    private final Options options;
    private final PrintStream progress;
    private final Rounds rounds;
    private final Meter meter;
    private final Warmup warmup;
    private long loadgenCpuNanos;
    private long loadgenElapsedNanos;

    ServiceRounds(Options options, PrintStream progress, Rounds rounds) {
        this.options = options;
        this.progress = progress;
        this.rounds = rounds;
        this.meter = new Meter(progress, options.duration(), rounds);
        this.warmup = new Warmup(progress);
    }

    /**
     * Runs the service and measures it; puts into {@code figures} what is read once rather than per round, and into
     * {@code notMeasured} why the PostgreSQL figures are missing on H2. Returns the unexpected answers.
     */
    long measure(Path javaHome, Path jar, Optional<String> postgresServer, Map<String, Double> figures,
                 Map<String, String> notMeasured) throws Exception {
        long errors = 0;
        Postgres database = null;
        try {
            if (postgresServer.isPresent()) {
                database = Postgres.createDatabase(postgresServer.get());
                progress.println("created the database " + database.name());
            }
            Optional<String> databaseUrl = Optional.ofNullable(database).map(Postgres::jdbcUrl);
            boolean onPostgres = database != null;
            DatabaseCeilings ceilings = onPostgres ? new DatabaseCeilings(database, options, progress, rounds, meter)
                    : null;
            Postgres.Counters before = null;
            long rotations = 0;

            progress.println("starting " + jar);
            try (ServiceProcess service = ServiceProcess.start(javaHome, jar, options.serviceJvmOptions(),
                    databaseUrl)) {
                progress.printf(Locale.ROOT, "started in %.0f ms on port %d%n", service.startupMillis(),
                        service.port());

                Scenarios scenarios = new Scenarios("127.0.0.1", service.port(), options.concurrency());
                HashRun hash = new HashRun();
                Map<String, List<? extends ClosedLoop.VirtualClient>> http = new LinkedHashMap<>();
                http.put("ping", scenarios.ping());
                http.put("profile", scenarios.profile());
                http.put("login", scenarios.login());
                http.put("refresh", scenarios.refresh());

                if (!options.warmup().isZero()) {
                    errors += warmup.warmUp(http, options.warmup(), service);
                    if (onPostgres) {
                        errors += ceilings.warmUp();
                    }
                }
                for (int round = 1; round <= options.rounds(); round++) {
                    for (var scenario : http.entrySet()) {
                        String name = scenario.getKey();
                        progress.println("round " + round + " " + name);
                        ClosedLoop.Run run = meter.measure(name, scenario.getValue(), service, onPostgres);
                        errors += run.failed();
                        loadgenCpuNanos += run.cpuNanos();
                        loadgenElapsedNanos += run.elapsedNanos();
                        rounds.add(name + "_p99_ms", run.p99Millis());
                        if (name.equals("login")) {
                            // Right after the logins, so that a ratio's two sides see the machine alike.
                            progress.println("round " + round + " hash");
                            errors += measureHashes(hash, "hash_per_s");
                            errors += measureLoginsUnderSpray(scenarios, scenario.getValue(), round, service,
                                    onPostgres);
                        }
                    }
                    if (onPostgres) {
                        // Right after the refreshes, for the same reason.
                        errors += ceilings.measure(round);
                    }
                }
                if (!options.warmLogins().isZero()) {
                    errors += measureWarmLogins(http.get("login"), hash, service, onPostgres);
                }
                figures.put("rss_mb", Machine.peakRssMib(service.pid()));
                if (onPostgres) {
                    // One more refresh run, counted by the database's statistics: from when every backend has
                    // published what it did before (10 s idle) to when the service has stopped (its backends
                    // publish on exit).
                    Thread.sleep(STATISTICS_SETTLE.toMillis());
                    before = database.counters();
                    progress.println("refresh, counted by " + database.name() + "'s statistics");
                    ClosedLoop.Run run = ClosedLoop.run(http.get("refresh"), options.duration());
                    meter.report("refresh", run);
                    errors += run.failed();
                    rotations = run.succeeded();
                }
                if (errors > 0) {
                    // The service logs why it answered 500; its working directory goes when it stops.
                    progress.println("service log after unexpected answers:\n" + service.log());
                }
            }
            if (onPostgres) {
                Thread.sleep(1_000);
                Postgres.Counters written = database.counters().minus(before);
                progress.printf(Locale.ROOT, "  refresh on %s: %d rotations, %d commits, %d rollbacks, %d rows"
                                + " inserted, %d updated, %d deleted%n", database.name(), rotations,
                        written.commits(), written.rollbacks(), written.inserted(), written.updated(),
                        written.deleted());
                figures.put("writes_per_refresh", (double) written.rowsWritten() / rotations);
                figures.put("commits_per_refresh", (double) written.commits() / rotations);
                figures.put("refresh_db_tps", rounds.median("refresh_db_tps"));
                figures.put("refresh_jdbc_tps", rounds.median("refresh_jdbc_tps"));
                figures.put("jdbc_vs_db", rounds.medianRatio("refresh_jdbc_tps", "refresh_db_tps"));
            } else {
                for (String name : POSTGRES_FIGURES) {
                    notMeasured.put(name, "on H2: PostgreSQL only, set DATASOURCES_DEFAULT_URL");
                }
            }
        } finally {
            if (database != null) {
                database.close();
                progress.println("dropped the database " + database.name());
            }
        }
        return errors;
    }

    /**
     * The figures that are the medians and ratios of the rounds measured, into {@code figures}, and why those that
     * were not measured are missing, into {@code notMeasured}.
     */
    void figures(Map<String, Double> figures, Map<String, String> notMeasured) {
        for (String name : List.of("ping_rps", "ping_p99_ms", "profile_rps", "profile_p99_ms", "hash_per_s",
                "login_rps", "login_p99_ms", "refresh_rps", "refresh_p99_ms")) {
            figures.put(name, rounds.median(name));
        }
        figures.put("profile_vs_ping", rounds.medianRatio("profile_rps", "ping_rps"));
        figures.put("login_vs_hash", rounds.medianRatio("login_rps", "hash_per_s"));
        if (rounds.has("login_under_spray_rps")) {
            figures.put("login_rps_under_spray", rounds.median("login_under_spray_rps"));
            figures.put("login_under_spray_vs_login", rounds.medianRatio("login_under_spray_rps", "login_rps"));
        } else {
            for (String name : List.of("login_rps_under_spray", "login_under_spray_vs_login")) {
                notMeasured.put(name, "no loopback address but 127.0.0.1: the sprayer would share the users' address");
            }
        }
        if (rounds.has("login_warm_rps")) {
            figures.put("login_warm_rps", rounds.median("login_warm_rps"));
            figures.put("login_vs_hash_warm", rounds.medianRatio("login_warm_rps", "hash_warm_per_s"));
        } else {
            Figures.WARM_LOGINS.forEach(name -> notMeasured.put(name, "left out: --warm-logins 0s"));
        }
        if (figures.containsKey("refresh_db_tps")) {
            figures.put("refresh_vs_db", rounds.medianRatio("refresh_rps", "refresh_db_tps"));
            double ceiling = DatabaseCeilings.refreshVsDbCeiling(rounds);
            if (Double.isFinite(ceiling)) {
                figures.put("refresh_vs_db_ceiling", ceiling);
            } else {
                notMeasured.put("refresh_vs_db_ceiling", "the machine's or a process's CPU time was unreadable");
            }
        }
        figures.put("loadgen_cpu_pct", loadgenCpuNanos < 0 ? Double.NaN
                : 100.0 * loadgenCpuNanos / loadgenElapsedNanos);
    }

    /** Raw hashes for {@code --duration}, their rate into the rounds as {@code key}; returns the failures. */
    private long measureHashes(HashRun hash, String key) throws InterruptedException {
        ClosedLoop.Run hashes = hash.run(options.duration());
        meter.report("hash", hashes);
        progress.printf(Locale.ROOT, "  cpu per hash: benchmark JVM %.1f us%n",
                CpuTime.micros(hashes.cpuNanos(), hashes.succeeded() + hashes.failed()));
        rounds.add(key, hashes.perSecond());
        return hashes.failed();
    }

    /**
     * The virtual clients' logins, each from its own address, while one other address sprays a password over many
     * usernames on as many connections as there are clients ({@link Spray}): {@code login_rps_under_spray}, what the
     * users get while one address guesses. The spray starts afresh each round, against the service's throttle as the
     * rounds before left it. Returns the unexpected answers, the sprayer's included; nothing is measured where the
     * sprayer could not have an address of its own.
     */
    private long measureLoginsUnderSpray(Scenarios scenarios, List<? extends ClosedLoop.VirtualClient> logins,
                                         int round, ServiceProcess service, boolean onPostgres) throws Exception {
        Optional<Spray> started = scenarios.spray(options.concurrency());
        if (started.isEmpty()) {
            return 0;
        }
        progress.println("round " + round + " login under spray");
        Spray spray = started.get();
        ClosedLoop.Run run;
        try {
            run = meter.measure("login_under_spray", logins, service, onPostgres);
        } finally {
            spray.close();
        }
        progress.printf(Locale.ROOT, "  the spray from one address: %d guesses answered 401 (a hash each), %d 429,"
                + " %d 503, %d unexpected%n", spray.guessed(), spray.throttled(), spray.refused(), spray.unexpected());
        return run.failed() + spray.unexpected();
    }

    /**
     * {@code login_vs_hash} once a login's own code is compiled. That code runs once per login, about a hundred times
     * a second on two cores, and reaches the JIT's last tier only after two to three minutes of logins, while the
     * rounds give logins 6 s at a time between other scenarios (docs/benchmarks/README.md, "login_vs_hash"). So:
     * logins alone for {@code --warm-logins}, then {@code --rounds} pairs of a login run and a raw-hash run. It runs
     * after the rounds: before them, minutes of logins alone would leave the other scenarios' code to be compiled
     * again during the rounds. Returns the unexpected answers.
     */
    private long measureWarmLogins(List<? extends ClosedLoop.VirtualClient> logins, HashRun hash,
                                   ServiceProcess service, boolean onPostgres) throws Exception {
        long failed = 0;
        long end = System.nanoTime() + options.warmLogins().toNanos();
        do {
            Warmup.Turn turn = warmup.turn(List.of(logins), options.duration(), service);
            failed += turn.failed();
            progress.printf(Locale.ROOT, "warm logins: %.1f/s, JIT compilers %.0f %% of the service's CPU%n",
                    turn.runs().get(0).perSecond(), 100 * turn.jitShare());
        } while (System.nanoTime() < end);
        for (int pair = 1; pair <= options.rounds(); pair++) {
            progress.println("warm pair " + pair + " login");
            failed += meter.measure("login_warm", logins, service, onPostgres).failed();
            progress.println("warm pair " + pair + " hash");
            failed += measureHashes(hash, "hash_warm_per_s");
        }
        return failed;
    }
}
