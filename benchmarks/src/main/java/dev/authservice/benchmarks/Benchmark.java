package dev.authservice.benchmarks;

import dev.authservice.adapter.out.crypto.session.JwtAlgorithm;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The benchmark of docs/benchmarks/README.md: starts the service jar, drives it over HTTP on loopback with a
 * closed-loop load generator, measures the raw password hash beside it, and prints one {@code name: value} line per
 * figure (medians over the rounds), then writes the same to results.json and results.png.
 */
public final class Benchmark {

    static final String USERNAME = "alice";
    static final String PASSWORD = "alice-password";

    /** Every figure, in the order printed. */
    static final List<String> FIGURES = List.of(
            "startup_ms", "startup_jdk25_aot_ms", "ping_rps", "ping_p99_ms", "profile_rps", "profile_p99_ms",
            "profile_vs_ping", "hash_per_s", "login_rps", "login_p99_ms", "login_vs_hash", "login_rps_under_spray",
            "login_under_spray_vs_login", "login_warm_rps", "login_vs_hash_warm", "refresh_rps", "refresh_p99_ms", "refresh_db_tps", "refresh_vs_db",
            "refresh_jdbc_tps", "jdbc_vs_db", "refresh_vs_db_ceiling", "writes_per_refresh", "commits_per_refresh",
            "rss_mb", "loadgen_cpu_pct", "errors");

    /** The figures that some runs cannot measure: they print {@code n/a (why)} then. */
    static final List<String> OPTIONAL_FIGURES = List.of(
            "startup_jdk25_aot_ms", "login_rps_under_spray", "login_under_spray_vs_login", "login_warm_rps",
            "login_vs_hash_warm", "refresh_db_tps", "refresh_vs_db",
            "refresh_jdbc_tps", "jdbc_vs_db", "refresh_vs_db_ceiling", "writes_per_refresh", "commits_per_refresh");

    /** The figures of {@code --warm-logins}, left out without it. */
    static final List<String> WARM_LOGIN_FIGURES = List.of("login_warm_rps", "login_vs_hash_warm");

    /** How long PostgreSQL's backends may keep their statistics unpublished, plus a margin. */
    private static final Duration STATISTICS_SETTLE = Duration.ofSeconds(11);
    /**
     * The warmup goes on, a turn of every scenario at a time, until in one whole turn the service's JIT compilers
     * used less than this share of its CPU: a path is compiled only after thousands of calls, and with a warmup of 3 s
     * per scenario the compilers still took 18 to 30 % of the service's CPU in the first round
     * (docs/benchmarks/README.md, "How it measures").
     */
    static final double QUIET_JIT_SHARE = 0.05;
    static final Duration MAX_WARMUP = Duration.ofSeconds(120);
    private static final Duration MAX_WARMUP_JDBC = Duration.ofSeconds(60);
    /** The cold profile's tokens during a warm-up turn: they come round again, and that is good enough there. */
    private static final int WARMUP_COLD_TOKENS = 20_000;
    /**
     * Each algorithm service's run of a scenario, in this many slices interleaved with the other services' (A B C A B
     * C A B C): the same Argon2 work took 21 to 26 ms a login from one run to the next, seconds apart, so a ratio
     * of two runs one after the other measured the machine as much as the algorithms (docs/benchmarks/history.md).
     */
    static final int SLICES = 3;
    /** At most this many cold tokens per run (about 0.6 KiB each in this JVM). */
    private static final int MAX_COLD_TOKENS = 1_000_000;
    /** The threads of the service's {@code Argon2idPasswordHasher}. */
    private static final String HASHING_THREADS = "argon2id-";
    /** The command name of PostgreSQL's processes, its backends included. */
    private static final String POSTGRES_PROCESSES = "postgres";
    /** In place of PostgreSQL's CPU time on H2, where there is none to read (unlike -1: a reading that failed). */
    private static final long NOT_ON_POSTGRES = Long.MIN_VALUE;

    private final Options options;
    private final PrintStream out;
    private final PrintStream progress;

    private Benchmark(Options options, PrintStream out, PrintStream progress) {
        this.options = options;
        this.out = out;
        this.progress = progress;
    }

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        Options options;
        try {
            options = Options.parse(args);
            options.checkDatabase(Postgres.serverUrl());
        } catch (IllegalArgumentException usage) {
            System.err.println(usage.getMessage());
            System.exit(2);
            return;
        }
        try {
            long errors = new Benchmark(options, System.out, System.err).run();
            if (errors > 0) {
                System.err.println("benchmark: " + errors + " requests got an unexpected answer; the figures are not"
                        + " trustworthy");
                System.exit(1);
            }
        } catch (Exception failed) {
            System.err.println("benchmark failed: " + failed.getMessage());
            failed.printStackTrace();
            System.exit(1);
        }
    }

    private long run() throws Exception {
        Path jar = options.jar().toAbsolutePath().normalize();
        if (!Files.isRegularFile(jar)) {
            throw new IOException("no service jar at " + jar + "; build it first: ./mvnw -q -B package -DskipTests");
        }
        Map<String, String> machine = Machine.describe();
        Optional<String> postgresServer = Postgres.serverUrl();
        Map<String, Object> flags = flags(jar, postgresServer);
        machine.forEach((key, value) -> out.println("# " + key + ": " + value));
        flags.forEach((key, value) -> out.println("# " + key + ": " + value));

        Map<String, List<Double>> rounds = new LinkedHashMap<>();
        Map<String, Double> figures = new LinkedHashMap<>();
        Map<String, String> notMeasured = new LinkedHashMap<>();
        long errors = 0;
        long loadgenCpu = 0;
        long loadgenWall = 0;
        Path javaHome = Path.of(System.getProperty("java.home"));

        Postgres database = null;
        try {
            if (postgresServer.isPresent()) {
                database = Postgres.createDatabase(postgresServer.get());
                progress.println("created the database " + database.name());
            }
            Optional<String> databaseUrl = Optional.ofNullable(database).map(Postgres::jdbcUrl);
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
                    errors += warmUp(http, options.warmup(), service);
                    if (database != null) {
                        errors += warmUpJdbc(database);
                    }
                }
                for (int round = 1; round <= options.rounds(); round++) {
                    for (var scenario : http.entrySet()) {
                        String name = scenario.getKey();
                        progress.println("round " + round + " " + name);
                        ClosedLoop.Run run = measure(name, scenario.getValue(), service, database, rounds);
                        errors += run.failed();
                        loadgenCpu += run.cpuNanos();
                        loadgenWall += run.elapsedNanos();
                        add(rounds, name + "_p99_ms", run.p99Millis());
                        if (name.equals("login")) {
                            // Right after the logins, so that a ratio's two sides see the machine alike.
                            progress.println("round " + round + " hash");
                            errors += measureHashes(hash, "hash_per_s", rounds);
                            errors += measureLoginsUnderSpray(scenarios, scenario.getValue(), round, service,
                                    database, rounds);
                        }
                    }
                    if (database != null) {
                        // Right after the refreshes, for the same reason.
                        errors += measureDatabaseCeilings(database, round, rounds);
                    }
                }
                if (!options.warmLogins().isZero()) {
                    errors += measureWarmLogins(http.get("login"), hash, service, database, rounds);
                }
                figures.put("rss_mb", Machine.peakRssMib(service.pid()));
                if (database != null) {
                    // One more refresh run, counted by the database's statistics: from when every backend has
                    // published what it did before (10 s idle) to when the service has stopped (its backends
                    // publish on exit).
                    Thread.sleep(STATISTICS_SETTLE.toMillis());
                    before = database.counters();
                    progress.println("refresh, counted by " + database.name() + "'s statistics");
                    ClosedLoop.Run run = ClosedLoop.run(http.get("refresh"), options.duration());
                    report("refresh", run);
                    errors += run.failed();
                    rotations = run.succeeded();
                }
                if (errors > 0) {
                    // The service logs why it answered 500; its working directory goes when it stops.
                    progress.println("service log after unexpected answers:\n" + service.log());
                }
            }
            if (database != null) {
                Thread.sleep(1_000);
                Postgres.Counters written = database.counters().minus(before);
                progress.printf(Locale.ROOT, "  refresh on %s: %d rotations, %d commits, %d rollbacks, %d rows"
                                + " inserted, %d updated, %d deleted%n", database.name(), rotations,
                        written.commits(), written.rollbacks(), written.inserted(), written.updated(),
                        written.deleted());
                figures.put("writes_per_refresh", (double) written.rowsWritten() / rotations);
                figures.put("commits_per_refresh", (double) written.commits() / rotations);
                figures.put("refresh_db_tps", median(rounds.get("refresh_db_tps")));
                figures.put("refresh_jdbc_tps", median(rounds.get("refresh_jdbc_tps")));
                figures.put("jdbc_vs_db", medianRatio(rounds.get("refresh_jdbc_tps"), rounds.get("refresh_db_tps")));
            } else {
                for (String name : List.of("refresh_db_tps", "refresh_vs_db", "refresh_jdbc_tps", "jdbc_vs_db",
                        "refresh_vs_db_ceiling", "writes_per_refresh", "commits_per_refresh")) {
                    notMeasured.put(name, "on H2: PostgreSQL only, set DATASOURCES_DEFAULT_URL");
                }
            }
        } finally {
            if (database != null) {
                database.close();
                progress.println("dropped the database " + database.name());
            }
        }

        if (!options.algorithms().isEmpty()) {
            errors += compareAlgorithms(javaHome, jar, postgresServer, rounds, figures);
        }
        if (options.keycloak().isPresent()) {
            errors += compareWithKeycloak(options.keycloak().get(), javaHome, jar, postgresServer.orElseThrow(),
                    rounds, figures);
        }

        // Beside the AOT starts and like them: on a fresh H2, so that the database the rounds used does not count.
        progress.println("JDK " + Runtime.version().feature() + " starts without a cache: " + javaHome);
        figures.put("startup_ms", ServiceProcess.medianStartupMillis(javaHome, jar, options.serviceJvmOptions(),
                options.rounds(), "starts", progress));
        if (options.jdk25().isPresent()) {
            double aotStartup = AotStartup.measure(options.jdk25().get(), jar, options.serviceJvmOptions(),
                    options.rounds(), progress);
            figures.put("startup_jdk25_aot_ms", aotStartup);
        } else {
            notMeasured.put("startup_jdk25_aot_ms", "left out: --jdk25 none, or no JDK at " + Options.DEFAULT_JDK25);
        }

        for (String name : List.of("ping_rps", "ping_p99_ms", "profile_rps", "profile_p99_ms", "hash_per_s",
                "login_rps", "login_p99_ms", "refresh_rps", "refresh_p99_ms")) {
            figures.put(name, median(rounds.get(name)));
        }
        figures.put("profile_vs_ping", medianRatio(rounds.get("profile_rps"), rounds.get("ping_rps")));
        figures.put("login_vs_hash", medianRatio(rounds.get("login_rps"), rounds.get("hash_per_s")));
        if (rounds.containsKey("login_under_spray_rps")) {
            figures.put("login_rps_under_spray", median(rounds.get("login_under_spray_rps")));
            figures.put("login_under_spray_vs_login",
                    medianRatio(rounds.get("login_under_spray_rps"), rounds.get("login_rps")));
        } else {
            for (String name : List.of("login_rps_under_spray", "login_under_spray_vs_login")) {
                notMeasured.put(name, "no loopback address but 127.0.0.1: the sprayer would share the users' address");
            }
        }
        if (rounds.containsKey("login_warm_rps")) {
            figures.put("login_warm_rps", median(rounds.get("login_warm_rps")));
            figures.put("login_vs_hash_warm",
                    medianRatio(rounds.get("login_warm_rps"), rounds.get("hash_warm_per_s")));
        } else {
            WARM_LOGIN_FIGURES.forEach(name -> notMeasured.put(name, "left out: --warm-logins 0s"));
        }
        if (figures.containsKey("refresh_db_tps")) {
            figures.put("refresh_vs_db", medianRatio(rounds.get("refresh_rps"), rounds.get("refresh_db_tps")));
            double ceiling = refreshVsDbCeiling(rounds);
            if (Double.isFinite(ceiling)) {
                figures.put("refresh_vs_db_ceiling", ceiling);
            } else {
                notMeasured.put("refresh_vs_db_ceiling", "the machine's or a process's CPU time was unreadable");
            }
        }
        figures.put("loadgen_cpu_pct", loadgenCpu < 0 ? Double.NaN : 100.0 * loadgenCpu / loadgenWall);
        figures.put("errors", (double) errors);

        Map<String, Double> ordered = new LinkedHashMap<>();
        for (String name : FIGURES) {
            Double value = figures.get(name);
            ordered.put(name, value == null ? Double.NaN : value);
            out.println(name + ": " + (value == null ? "n/a (" + notMeasured.get(name) + ")" : format(name, value)));
        }
        List<String> phases = new ArrayList<>(algorithmFigures(options.algorithms()));
        if (options.keycloak().isPresent()) {
            phases.addAll(KEYCLOAK_FIGURES);
        }
        for (String name : phases) {
            double value = figures.get(name);
            ordered.put(name, value);
            out.println(name + ": " + format(name, value));
        }
        Files.createDirectories(options.out());
        Path json = options.out().resolve("results.json");
        Path png = options.out().resolve("results.png");
        Files.writeString(json, Report.json(Instant.now().truncatedTo(ChronoUnit.SECONDS), machine, flags, ordered,
                notMeasured, rounds));
        try {
            Chart.write(png, ordered, machine, flags);
        } catch (RuntimeException | Error noGraphics) {
            progress.println("could not draw " + png + ": " + noGraphics);
        }
        progress.println("wrote " + json + " and " + png);
        return errors;
    }

    private Map<String, Object> flags(Path jar, Optional<String> postgresServer) {
        Map<String, Object> flags = new LinkedHashMap<>();
        flags.put("concurrency", options.concurrency());
        flags.put("duration_s", options.duration().toMillis() / 1000.0);
        flags.put("rounds", options.rounds());
        flags.put("warmup_s", options.warmup().toMillis() / 1000.0);
        flags.put("warm_logins_s", options.warmLogins().toMillis() / 1000.0);
        flags.put("database", postgresServer.map(url -> "postgresql, a fresh database on "
                + url.replaceAll("[?;].*$", "")).orElse("h2 (file, fresh temporary directory)"));
        flags.put("service_jvm_options", String.join(" ", options.serviceJvmOptions()));
        Map<String, String> environment = new TreeMap<>(Options.RECOMMENDED_ENVIRONMENT);
        environment.replaceAll((name, value) -> Optional.ofNullable(System.getenv(name)).orElse(value));
        flags.put("service_environment", environment.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" ")));
        flags.put("jdk25", options.jdk25().map(Path::toString).orElse("none"));
        flags.put("algorithms", options.algorithms().isEmpty() ? "none"
                : options.algorithms().stream().map(JwtAlgorithm::name).collect(Collectors.joining(",")));
        flags.put("service_jar", jar.toString());
        flags.put("keycloak", options.keycloak().map(home -> KeycloakProcess.version(home) + " from "
                + home.toAbsolutePath().normalize()).orElse("none"));
        return flags;
    }

    /**
     * One run of a scenario, reported with what it cost the service, its JIT compilers and hashing threads, the load
     * generator, PostgreSQL and the rest of the machine per answer; its rate goes into {@code rounds} as
     * {@code <name>_rps}.
     */
    private ClosedLoop.Run measure(String name, List<? extends ClosedLoop.VirtualClient> clients,
                                   ServerProcess service, Postgres database, Map<String, List<Double>> rounds)
            throws IOException, InterruptedException {
        Measured measured = sample(clients, options.duration(), service, database);
        record(name, measured, rounds);
        return measured.run();
    }

    /** A run of {@code clients} for {@code duration}, with what it cost, not yet reported. */
    private Measured sample(List<? extends ClosedLoop.VirtualClient> clients, Duration duration,
                            ServerProcess service, Postgres database) throws IOException, InterruptedException {
        long serviceCpu = Machine.processCpuNanos(service.pid());
        long jitCpu = Machine.jitCompilerCpuNanos(service.pid());
        long hashingCpu = Machine.threadsCpuNanos(service.pid(), HASHING_THREADS);
        // Read outside the machine's busy window, so that scanning /proc is not counted in it.
        long databaseCpu = database == null ? NOT_ON_POSTGRES : Machine.commandCpuNanos(POSTGRES_PROCESSES);
        long machineBusy = Machine.machineBusyNanos();
        ClosedLoop.Run run = ClosedLoop.run(clients, duration);
        long machineBusyAfter = Machine.machineBusyNanos();
        long databaseCpuNanos = database == null ? NOT_ON_POSTGRES
                : difference(databaseCpu, Machine.commandCpuNanos(POSTGRES_PROCESSES));
        checkAlive(service);
        long serviceCpuAfter = Machine.processCpuNanos(service.pid());
        long jitCpuAfter = Machine.jitCompilerCpuNanos(service.pid());
        return new Measured(run, difference(serviceCpu, serviceCpuAfter),
                difference(hashingCpu, Machine.threadsCpuNanos(service.pid(), HASHING_THREADS)),
                jitCpuAfter < jitCpu ? -1 : difference(jitCpu, jitCpuAfter),
                difference(machineBusy, machineBusyAfter), databaseCpuNanos);
    }

    /** Reports {@code measured} under {@code name} and puts its figures into {@code rounds}. */
    private void record(String name, Measured measured, Map<String, List<Double>> rounds) {
        report(name, measured.run());
        reportCpu(name, measured.run(), rounds, measured.serviceCpuNanos(), measured.hashingCpuNanos(),
                share(0, measured.jitCpuNanos(), 0, measured.serviceCpuNanos()), measured.machineBusyNanos(),
                measured.databaseCpuNanos());
        add(rounds, name + "_rps", measured.run().perSecond());
    }

    /**
     * A run and the CPU it cost, in nanoseconds: -1 where a reading failed, and the database's
     * {@link #NOT_ON_POSTGRES} on H2.
     */
    record Measured(ClosedLoop.Run run, long serviceCpuNanos, long hashingCpuNanos, long jitCpuNanos,
                    long machineBusyNanos, long databaseCpuNanos) {

        /** This and {@code next} as one run: their answers, time and costs together. */
        Measured plus(Measured next) {
            return new Measured(run.plus(next.run), sum(serviceCpuNanos, next.serviceCpuNanos),
                    sum(hashingCpuNanos, next.hashingCpuNanos), sum(jitCpuNanos, next.jitCpuNanos),
                    sum(machineBusyNanos, next.machineBusyNanos), databaseCpuNanos == NOT_ON_POSTGRES
                    ? NOT_ON_POSTGRES : sum(databaseCpuNanos, next.databaseCpuNanos));
        }

        private static long sum(long a, long b) {
            return a < 0 || b < 0 ? -1 : a + b;
        }
    }

    /** The scenarios whose rates are {@code <alg>_<scenario>_rps} figures. */
    private static final List<String> ALGORITHM_RATES = List.of("profile", "profile_cold", "login", "refresh");
    /** Those also given as {@code <alg>_<scenario>_vs_ping}. */
    private static final List<String> ALGORITHM_VS_PING = List.of("profile", "profile_cold");
    /** Those also given as {@code <alg>_<scenario>_vs_hs256}, when HS256 is measured beside. */
    private static final List<String> ALGORITHM_VS_HS256 = List.of("profile", "login", "refresh");

    /** The figures of each of {@code algorithms}, in the order printed ({@link #compareAlgorithms}). */
    static List<String> algorithmFigures(List<JwtAlgorithm> algorithms) {
        List<String> names = new ArrayList<>();
        for (JwtAlgorithm algorithm : algorithms) {
            String prefix = prefix(algorithm);
            for (String scenario : ALGORITHM_RATES) {
                names.add(prefix + scenario + "_rps");
                if (ALGORITHM_VS_PING.contains(scenario)) {
                    names.add(prefix + scenario + "_vs_ping");
                }
            }
            if (comparedWithHs256(algorithm, algorithms)) {
                ALGORITHM_VS_HS256.forEach(scenario -> names.add(prefix + scenario + "_vs_hs256"));
            }
        }
        return names;
    }

    private static boolean comparedWithHs256(JwtAlgorithm algorithm, List<JwtAlgorithm> algorithms) {
        return algorithm != JwtAlgorithm.HS256 && algorithms.contains(JwtAlgorithm.HS256);
    }

    private static String prefix(JwtAlgorithm algorithm) {
        return algorithm.name().toLowerCase(Locale.ROOT) + "_";
    }

    /**
     * The order in which round {@code round} (from 1) measures the services, one after another on each scenario: each
     * round starts one further along, so that over the rounds none always runs first or after the same neighbour.
     */
    static <T> List<T> inTurn(List<T> services, int round) {
        List<T> order = new ArrayList<>(services);
        Collections.rotate(order, 1 - round);
        return order;
    }

    /** A service signing with one algorithm, and its scenarios. */
    private record AlgorithmService(JwtAlgorithm algorithm, ServiceProcess service, Postgres database,
                                    ColdTokens coldTokens,
                                    Map<String, List<? extends ClosedLoop.VirtualClient>> scenarios) {
    }

    /**
     * The {@code <alg>_} figures: one service per algorithm of {@code --algorithms}, each on a fresh database of its
     * own, all started and warmed up first, then {@code --rounds} rounds of ping, profile (one token, presented again
     * and again as clients do), cold profile (every request a token the service has not seen: {@link ColdTokens}),
     * login and refresh, each scenario run on every service in turn ({@link #inTurn}), in {@link #SLICES} slices of
     * its {@code --duration} each, before the next scenario. A ratio is the median of the rounds' own, so both sides
     * of {@code es256_refresh_vs_hs256} were measured in the same stretch of time, interleaved, where the machine's
     * speed drifts over seconds and minutes. Returns the unexpected answers.
     */
    private long compareAlgorithms(Path javaHome, Path jar, Optional<String> postgresServer,
                                   Map<String, List<Double>> rounds, Map<String, Double> figures) throws Exception {
        List<AlgorithmService> services = new ArrayList<>();
        long errors = 0;
        try {
            for (JwtAlgorithm algorithm : options.algorithms()) {
                Postgres database = postgresServer.isPresent() ? Postgres.createDatabase(postgresServer.get()) : null;
                ServiceProcess service;
                try {
                    service = ServiceProcess.start(javaHome, jar, options.serviceJvmOptions(),
                            Optional.ofNullable(database).map(Postgres::jdbcUrl),
                            Map.of("AUTH_JWT_ALGORITHM", algorithm.name()));
                } catch (IOException | InterruptedException | RuntimeException failed) {
                    if (database != null) {
                        database.close();
                    }
                    throw failed;
                }
                progress.printf(Locale.ROOT, "%s: started in %.0f ms on port %d%n", algorithm, service.startupMillis(),
                        service.port());
                Scenarios scenarios = new Scenarios("127.0.0.1", service.port(), options.concurrency());
                ColdTokens coldTokens = ColdTokens.of(algorithm, service.directory(), "127.0.0.1:" + service.port());
                Map<String, List<? extends ClosedLoop.VirtualClient>> http = new LinkedHashMap<>();
                http.put("ping", scenarios.ping());
                http.put("profile", scenarios.profile());
                http.put("profile_cold", scenarios.profileCold(coldTokens));
                http.put("login", scenarios.login());
                http.put("refresh", scenarios.refresh());
                services.add(new AlgorithmService(algorithm, service, database, coldTokens, http));
            }
            for (AlgorithmService each : services) {
                if (!options.warmup().isZero()) {
                    progress.println("warming up the " + each.algorithm() + " service");
                    each.coldTokens().mint(WARMUP_COLD_TOKENS);
                    errors += warmUp(each.scenarios(), options.warmup(), each.service());
                }
            }
            Duration slice = options.duration().dividedBy(SLICES);
            for (int round = 1; round <= options.rounds(); round++) {
                // As the main rounds' database is before pgbench: the same state of the tables for every service.
                vacuumAnalyze(services.stream().map(AlgorithmService::database).toList());
                for (String scenario : services.get(0).scenarios().keySet()) {
                    List<AlgorithmService> order = inTurn(services, round);
                    if (scenario.equals("profile_cold")) {
                        for (AlgorithmService each : order) {
                            // Enough new tokens for the run: a cold request is never faster than a warm one.
                            double warm = rounds.get(prefix(each.algorithm()) + "profile_rps").get(round - 1);
                            each.coldTokens().mint((int) Math.min(MAX_COLD_TOKENS,
                                    1_000 + 1.2 * warm * options.duration().toMillis() / 1000.0));
                        }
                    }
                    progress.printf(Locale.ROOT, "round %d %s: %d slices of %d ms on each service in turn%n", round,
                            scenario, SLICES, slice.toMillis());
                    errors += interleaved(order.stream().map(each -> new Part(prefix(each.algorithm()) + scenario,
                            each.service(), each.database(), each.scenarios().get(scenario))).toList(), slice, rounds);
                    for (AlgorithmService each : order) {
                        if (scenario.equals("profile_cold") && each.coldTokens().reused() > 0) {
                            progress.println("  " + each.coldTokens().reused() + " requests carried a token sent"
                                    + " before in the run");
                        }
                    }
                }
            }
        } finally {
            for (AlgorithmService each : services) {
                each.service().close();
                if (each.database() != null) {
                    each.database().close();
                }
            }
        }
        for (JwtAlgorithm algorithm : options.algorithms()) {
            String prefix = prefix(algorithm);
            for (String scenario : ALGORITHM_RATES) {
                figures.put(prefix + scenario + "_rps", median(rounds.get(prefix + scenario + "_rps")));
            }
            for (String scenario : ALGORITHM_VS_PING) {
                figures.put(prefix + scenario + "_vs_ping",
                        medianRatio(rounds.get(prefix + scenario + "_rps"), rounds.get(prefix + "ping_rps")));
            }
            if (comparedWithHs256(algorithm, options.algorithms())) {
                for (String scenario : ALGORITHM_VS_HS256) {
                    figures.put(prefix + scenario + "_vs_hs256", medianRatio(rounds.get(prefix + scenario + "_rps"),
                            rounds.get(prefix(JwtAlgorithm.HS256) + scenario + "_rps")));
                }
            }
        }
        return errors;
    }

    /** Each scenario of the service, and the nearest of Keycloak's to it ({@link KeycloakScenarios}). */
    static final Map<String, String> KEYCLOAK_COUNTERPARTS = orderedMap("login", "login", "refresh", "refresh",
            "profile", "userinfo");

    /** The figures of {@code --keycloak}, in the order printed ({@link #compareWithKeycloak}). */
    static final List<String> KEYCLOAK_FIGURES = keycloakFigureNames();

    private static List<String> keycloakFigureNames() {
        List<String> names = new ArrayList<>();
        KEYCLOAK_COUNTERPARTS.forEach((ours, theirs) -> {
            for (String figure : List.of("authservice_" + ours, "keycloak_" + theirs)) {
                names.add(figure + "_rps");
                names.add(figure + "_p99_ms");
            }
            names.add(vsKeycloak(ours, theirs));
        });
        names.add("keycloak_rss_mb");
        return List.copyOf(names);
    }

    /**
     * {@code login_vs_keycloak}, or, where Keycloak's counterpart has another name,
     * {@code profile_vs_keycloak_userinfo}.
     */
    private static String vsKeycloak(String ours, String theirs) {
        return ours + "_vs_keycloak" + (ours.equals(theirs) ? "" : "_" + theirs);
    }

    private static Map<String, String> orderedMap(String... keysAndValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return Collections.unmodifiableMap(map);
    }

    /**
     * The {@code keycloak_} and {@code authservice_} figures: Keycloak ({@link KeycloakProcess}, {@link KeycloakRealm})
     * and a service of its own, each on a fresh database of the same PostgreSQL server, both warmed up alike, then
     * {@code --rounds} rounds of each scenario and Keycloak's counterpart ({@link #KEYCLOAK_COUNTERPARTS}) in
     * {@link #SLICES} slices taken in turn, as the algorithms are, so that each ratio's two sides were measured in the
     * same stretch of time. A ratio over 1 means the service answered more. Returns the unexpected answers.
     */
    private long compareWithKeycloak(Path home, Path javaHome, Path jar, String postgresServer,
                                     Map<String, List<Double>> rounds, Map<String, Double> figures) throws Exception {
        long errors = 0;
        Postgres serviceDatabase = null;
        ServiceProcess service = null;
        Postgres keycloakDatabase = null;
        KeycloakProcess keycloak = null;
        try {
            serviceDatabase = Postgres.createDatabase(postgresServer);
            service = ServiceProcess.start(javaHome, jar, options.serviceJvmOptions(),
                    Optional.of(serviceDatabase.jdbcUrl()));
            progress.printf(Locale.ROOT, "beside Keycloak: the service started in %.0f ms on port %d%n",
                    service.startupMillis(), service.port());
            keycloakDatabase = Postgres.createDatabase(postgresServer);
            progress.println("starting Keycloak " + KeycloakProcess.version(home) + " on " + keycloakDatabase.name()
                    + " (its first start on a fresh unpack builds it for PostgreSQL: minutes)");
            keycloak = KeycloakProcess.start(home, javaHome, keycloakDatabase);
            progress.printf(Locale.ROOT, "Keycloak: started in %.0f ms on port %d; its JVM: %s%n",
                    keycloak.startupMillis(), keycloak.port(), keycloak.jvm());
            KeycloakRealm.create(keycloak);
            progress.println("Keycloak's password hash, as stored for " + USERNAME + ": " + keycloakDatabase.select(
                    "SELECT c.credential_data FROM credential c JOIN user_entity u ON u.id = c.user_id"
                            + " WHERE u.username = '" + USERNAME + "'"));
            checkLoopback(keycloak);

            Scenarios ours = new Scenarios("127.0.0.1", service.port(), options.concurrency());
            KeycloakScenarios theirs = new KeycloakScenarios("127.0.0.1", keycloak.port(), options.concurrency());
            Map<String, List<? extends ClosedLoop.VirtualClient>> serviceScenarios = new LinkedHashMap<>();
            serviceScenarios.put("login", ours.login());
            serviceScenarios.put("refresh", ours.refresh());
            serviceScenarios.put("profile", ours.profile());
            Map<String, List<? extends ClosedLoop.VirtualClient>> keycloakScenarios = new LinkedHashMap<>();
            keycloakScenarios.put("login", theirs.login());
            keycloakScenarios.put("refresh", theirs.refresh());
            keycloakScenarios.put("userinfo", theirs.userinfo());
            if (!options.warmup().isZero()) {
                progress.println("warming up the service beside Keycloak");
                errors += warmUp(serviceScenarios, options.warmup(), service);
                progress.println("warming up Keycloak");
                errors += warmUp(keycloakScenarios, options.warmup(), keycloak);
            }
            Duration slice = options.duration().dividedBy(SLICES);
            for (int round = 1; round <= options.rounds(); round++) {
                vacuumAnalyze(List.of(serviceDatabase, keycloakDatabase));
                for (var scenario : KEYCLOAK_COUNTERPARTS.entrySet()) {
                    List<Part> parts = List.of(
                            new Part("authservice_" + scenario.getKey(), service, serviceDatabase,
                                    serviceScenarios.get(scenario.getKey())),
                            new Part("keycloak_" + scenario.getValue(), keycloak, keycloakDatabase,
                                    keycloakScenarios.get(scenario.getValue())));
                    progress.printf(Locale.ROOT, "round %d %s against Keycloak's %s: %d slices of %d ms on each in"
                            + " turn%n", round, scenario.getKey(), scenario.getValue(), SLICES, slice.toMillis());
                    errors += interleaved(inTurn(parts, round), slice, rounds);
                }
            }
            figures.put("keycloak_rss_mb", Machine.peakRssMib(keycloak.pid()));
            progress.println("Keycloak's sessions in PostgreSQL: " + keycloakDatabase.select(
                    "SELECT count(*) FROM offline_user_session WHERE offline_flag = '0'"));
            checkLoopback(keycloak);
            if (errors > 0) {
                progress.println("Keycloak's log after unexpected answers:\n" + keycloak.log());
            }
        } finally {
            if (keycloak != null) {
                keycloak.close();
            }
            if (keycloakDatabase != null) {
                keycloakDatabase.close();
            }
            if (service != null) {
                service.close();
            }
            if (serviceDatabase != null) {
                serviceDatabase.close();
            }
        }
        figures.putAll(keycloakFigures(rounds));
        return errors;
    }

    /**
     * The rates and p99s of both sides, medians of the rounds, and each ratio: the service's rate over Keycloak's, the
     * median of the rounds' own (above 1: the service answered more). Not {@code keycloak_rss_mb}, read from Keycloak.
     */
    static Map<String, Double> keycloakFigures(Map<String, List<Double>> rounds) {
        Map<String, Double> figures = new LinkedHashMap<>();
        KEYCLOAK_COUNTERPARTS.forEach((ours, theirs) -> {
            for (String figure : List.of("authservice_" + ours, "keycloak_" + theirs)) {
                figures.put(figure + "_rps", median(rounds.get(figure + "_rps")));
                figures.put(figure + "_p99_ms", median(rounds.get(figure + "_p99_ms")));
            }
            figures.put(vsKeycloak(ours, theirs), medianRatio(rounds.get("authservice_" + ours + "_rps"),
                    rounds.get("keycloak_" + theirs + "_rps")));
        });
        return figures;
    }

    /**
     * Stops the run if Keycloak holds a socket off loopback: it is to reach nothing but this machine's loopback, and
     * the settings of {@link KeycloakProcess} are what keep it so.
     */
    private void checkLoopback(KeycloakProcess keycloak) throws IOException {
        List<String> outside = Machine.socketsOffLoopback(keycloak.pid());
        if (!outside.isEmpty()) {
            throw new IOException("Keycloak has sockets off loopback: " + outside);
        }
        progress.println("Keycloak's sockets: all on loopback");
    }

    /** One server's part in an {@link #interleaved} run: its figure's name, its process, database and clients. */
    private record Part(String name, ServerProcess server, Postgres database,
                        List<? extends ClosedLoop.VirtualClient> clients) {
    }

    /**
     * One scenario on several servers, in {@link #SLICES} slices of {@code slice} each, taken in the order of
     * {@code parts} (A B A B A B), each part's slices added up into one run and recorded under its name, so that the
     * servers' figures come from the same stretch of time. Returns the unexpected answers.
     */
    private long interleaved(List<Part> parts, Duration slice, Map<String, List<Double>> rounds)
            throws IOException, InterruptedException {
        Map<Part, Measured> measured = new LinkedHashMap<>();
        for (int each = 0; each < SLICES; each++) {
            for (Part part : parts) {
                measured.merge(part, sample(part.clients(), slice, part.server(), part.database()), Measured::plus);
            }
        }
        long failed = 0;
        for (Part part : parts) {
            record(part.name(), measured.get(part), rounds);
            add(rounds, part.name() + "_p99_ms", measured.get(part).run().p99Millis());
            failed += measured.get(part).run().failed();
        }
        return failed;
    }

    /** What autovacuum would have done by now, on each of {@code databases} (null: on H2, nothing to do). */
    private static void vacuumAnalyze(List<Postgres> databases) throws IOException, InterruptedException {
        for (Postgres database : databases) {
            if (database != null) {
                database.vacuumAnalyze();
            }
        }
    }

    /** Raw hashes for {@code --duration}, their rate into {@code rounds} as {@code key}; returns the failures. */
    private long measureHashes(HashRun hash, String key, Map<String, List<Double>> rounds)
            throws InterruptedException {
        ClosedLoop.Run hashes = hash.run(options.duration());
        report("hash", hashes);
        progress.printf(Locale.ROOT, "  cpu per hash: benchmark JVM %.1f us%n",
                cpuMicros(hashes.cpuNanos(), hashes.succeeded() + hashes.failed()));
        add(rounds, key, hashes.perSecond());
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
                                         int round, ServiceProcess service, Postgres database,
                                         Map<String, List<Double>> rounds) throws IOException, InterruptedException {
        Optional<Spray> started = scenarios.spray(options.concurrency());
        if (started.isEmpty()) {
            return 0;
        }
        progress.println("round " + round + " login under spray");
        Spray spray = started.get();
        ClosedLoop.Run run;
        try {
            run = measure("login_under_spray", logins, service, database, rounds);
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
                                   ServiceProcess service, Postgres database, Map<String, List<Double>> rounds)
            throws IOException, InterruptedException {
        long failed = 0;
        long end = System.nanoTime() + options.warmLogins().toNanos();
        do {
            WarmupTurn turn = warmUpTurn(List.of(logins), options.duration(), service);
            failed += turn.failed();
            progress.printf(Locale.ROOT, "warm logins: %.1f/s, JIT compilers %.0f %% of the service's CPU%n",
                    turn.runs().get(0).perSecond(), 100 * turn.jitShare());
        } while (System.nanoTime() < end);
        for (int pair = 1; pair <= options.rounds(); pair++) {
            progress.println("warm pair " + pair + " login");
            failed += measure("login_warm", logins, service, database, rounds).failed();
            progress.println("warm pair " + pair + " hash");
            failed += measureHashes(hash, "hash_warm_per_s", rounds);
        }
        return failed;
    }

    /**
     * The CPU time per answer of the service, the load generator and the rest of the machine (PostgreSQL, the kernel):
     * on two saturated cores, a scenario's rate is about 2 s / (all three together), which is what the ratios
     * compare. The JIT compilers' share of the service's CPU says whether the run saw the service warm: near 0 % once
     * it is. Printed, and kept per round (for results.json and {@link #refreshVsDbCeiling}).
     */
    private void reportCpu(String name, ClosedLoop.Run run, Map<String, List<Double>> rounds, long serviceCpuNanos,
                           long hashingCpuNanos, double jitShare, long machineBusyNanos, long databaseCpuNanos) {
        long answers = run.succeeded() + run.failed();
        double service = cpuMicros(serviceCpuNanos, answers);
        double loadgen = cpuMicros(run.cpuNanos(), answers);
        double rest = cpuMicros(serviceCpuNanos < 0 || machineBusyNanos < 0 ? -1
                : machineBusyNanos - serviceCpuNanos - run.cpuNanos(), answers);
        // Only logins hash; for them, the service's hashing threads against the raw hashes' cost.
        String hashing = hashingCpuNanos > 0 ? String.format(Locale.ROOT, ", its password-hashing threads %.1f us",
                cpuMicros(hashingCpuNanos, answers)) : "";
        progress.printf(Locale.ROOT, "  cpu per answer: service %.1f us (JIT compilers %.0f %% of it%s), benchmark JVM"
                + " %.1f us, the rest of the machine %.1f us%s%n", service, 100 * jitShare, hashing, loadgen, rest,
                ofItPostgres(databaseCpuNanos, answers));
        add(rounds, name + "_service_cpu_us", service);
        add(rounds, name + "_loadgen_cpu_us", loadgen);
        if (databaseCpuNanos != NOT_ON_POSTGRES) {
            // Every round, NaN (null in the JSON) when unreadable, so that the n-th value is always round n's.
            add(rounds, name + "_postgres_cpu_us", cpuMicros(databaseCpuNanos, answers));
        }
    }

    /**
     * The part of "the rest of the machine" that PostgreSQL's processes used, so that the database's work is told
     * from the kernel's; empty when none was read (on H2, a database on another machine, or less than a clock tick).
     */
    private static String ofItPostgres(long databaseCpuNanos, long operations) {
        return databaseCpuNanos > 0
                ? String.format(Locale.ROOT, " (of it PostgreSQL %.1f us)", cpuMicros(databaseCpuNanos, operations))
                : "";
    }

    /** {@code after - before}, or -1 when either reading failed (-1). */
    private static long difference(long before, long after) {
        return before < 0 || after < 0 ? -1 : after - before;
    }

    /**
     * The most {@code refresh_vs_db} can be on this machine for a refresh over this HTTP server through this JDBC
     * driver. On two saturated cores a rate is 2 s over the CPU one operation costs the whole machine. pgbench's
     * rotation costs it {@code refresh_db_machine_cpu_us}. A refresh costs at least the JDBC run's rotation (this
     * JVM's driver, PostgreSQL and the kernel) plus a ping (the service's and the load generator's share of the least
     * answer this server gives): the ratio of the two, from the medians of the rounds. NaN if a part is unreadable.
     */
    static double refreshVsDbCeiling(Map<String, List<Double>> rounds) {
        double floor = 0;
        for (String part : List.of("refresh_jdbc_client_cpu_us", "refresh_jdbc_rest_cpu_us", "ping_service_cpu_us",
                "ping_loadgen_cpu_us")) {
            floor += median(rounds.get(part));
        }
        return median(rounds.get("refresh_db_machine_cpu_us")) / floor;
    }

    /** CPU time per operation in microseconds; NaN when the time was unreadable (negative). */
    private static double cpuMicros(long nanos, long operations) {
        return nanos < 0 ? Double.NaN : nanos / 1e3 / Math.max(1, operations);
    }

    /**
     * One round's database ceilings for rotations: pgbench, then right after it the same script through pgjdbc from
     * this JVM. The log shows each one's CPU per rotation: the machine's for pgbench (PostgreSQL, pgbench and the
     * kernel), this JVM's and the rest's for JDBC. Returns the unexpected answers.
     */
    private long measureDatabaseCeilings(Postgres database, int round, Map<String, List<Double>> rounds)
            throws IOException, InterruptedException {
        progress.println("round " + round + " pgbench (the session store's statements, RotationScript)");
        Postgres.Pgbench pgbench = database.rotations(options.concurrency(), options.duration().toMillis() / 1000.0);
        double machine = cpuMicros(pgbench.machineBusyNanos(), pgbench.transactions());
        progress.printf(Locale.ROOT, "  refresh_db: %.1f/s, %d rotations; cpu per rotation: the machine %.1f us%n",
                pgbench.perSecond(), pgbench.transactions(), machine);
        add(rounds, "refresh_db_tps", pgbench.perSecond());
        add(rounds, "refresh_db_machine_cpu_us", machine);

        progress.println("round " + round + " the rotation script through pgjdbc");
        try (JdbcRotations chains = JdbcRotations.open(database, options.concurrency())) {
            long databaseCpu = Machine.commandCpuNanos(POSTGRES_PROCESSES);
            long machineBusy = Machine.machineBusyNanos();
            ClosedLoop.Run jdbc = ClosedLoop.run(chains.clients(), options.duration());
            long machineBusyNanos = difference(machineBusy, Machine.machineBusyNanos());
            long databaseCpuNanos = difference(databaseCpu, Machine.commandCpuNanos(POSTGRES_PROCESSES));
            report("refresh_jdbc", jdbc);
            long rotations = jdbc.succeeded() + jdbc.failed();
            double client = cpuMicros(jdbc.cpuNanos(), rotations);
            double rest = cpuMicros(machineBusyNanos < 0 ? -1 : machineBusyNanos - jdbc.cpuNanos(), rotations);
            progress.printf(Locale.ROOT, "  cpu per rotation: benchmark JVM %.1f us, the rest of the machine %.1f us%s%n",
                    client, rest, ofItPostgres(databaseCpuNanos, rotations));
            add(rounds, "refresh_jdbc_tps", jdbc.perSecond());
            add(rounds, "refresh_jdbc_client_cpu_us", client);
            add(rounds, "refresh_jdbc_rest_cpu_us", rest);
            add(rounds, "refresh_jdbc_postgres_cpu_us", cpuMicros(databaseCpuNanos, rotations));
            return jdbc.failed();
        }
    }

    /**
     * Runs the JDBC rotations, {@code --warmup} at a time, until this JVM's JIT compilers took under
     * {@link #QUIET_JIT_SHARE} of its CPU in one run (at most {@link #MAX_WARMUP_JDBC}): the driver's paths get
     * compiled here as the service's own were before its rounds. Returns the unexpected answers.
     */
    private long warmUpJdbc(Postgres database) throws IOException, InterruptedException {
        long self = ProcessHandle.current().pid();
        long started = System.nanoTime();
        long failed = 0;
        double jitShare;
        do {
            try (JdbcRotations chains = JdbcRotations.open(database, options.concurrency())) {
                long cpu = Machine.processCpuNanos(self);
                long jitCpu = Machine.jitCompilerCpuNanos(self);
                failed += ClosedLoop.run(chains.clients(), options.warmup()).failed();
                jitShare = share(jitCpu, Machine.jitCompilerCpuNanos(self), cpu, Machine.processCpuNanos(self));
            }
            progress.printf(Locale.ROOT, "warmup: the rotation script through pgjdbc, %d ms: JIT compilers %.0f %% of"
                    + " this JVM's CPU%n", options.warmup().toMillis(), 100 * jitShare);
        } while (!(jitShare < QUIET_JIT_SHARE) && System.nanoTime() - started < MAX_WARMUP_JDBC.toNanos());
        return failed;
    }

    private void report(String name, ClosedLoop.Run run) {
        progress.printf(Locale.ROOT, "  %s: %.1f/s, p50 %.2f ms, p99 %.2f ms, %d ok, %d failed, benchmark JVM cpu %.0f%% of one core%n",
                name, run.perSecond(), run.percentileMillis(0.5), run.p99Millis(), run.succeeded(), run.failed(),
                100.0 * run.cpuNanos() / run.elapsedNanos());
        if (run.failed() > 0) {
            progress.println("  first unexpected answer: " + run.failure());
        }
    }

    /** Warms the service up (see {@link #QUIET_JIT_SHARE}); returns the unexpected answers. */
    private long warmUp(Map<String, List<? extends ClosedLoop.VirtualClient>> scenarios, Duration slice,
                        ServerProcess service) throws IOException, InterruptedException {
        long failed = 0;
        long started = System.nanoTime();
        WarmupTurn turn;
        int turns = 0;
        do {
            turn = warmUpTurn(scenarios.values(), slice, service);
            failed += turn.failed();
            progress.printf(Locale.ROOT, "warmup turn %d (%s, %d ms each): JIT compilers %.0f %% of the service's"
                    + " CPU%n", ++turns, String.join(", ", scenarios.keySet()), slice.toMillis(),
                    100 * turn.jitShare());
        } while (!(turn.jitShare() < QUIET_JIT_SHARE) && System.nanoTime() - started < MAX_WARMUP.toNanos());
        if (!(turn.jitShare() < QUIET_JIT_SHARE)) {
            progress.println("warmup: stopped at " + MAX_WARMUP.toSeconds() + " s, the JIT not quiet (or unreadable)");
        }
        return failed;
    }

    /** The unmeasured runs of one warm-up turn, and the share of the service's CPU its JIT compilers took in it. */
    private record WarmupTurn(List<ClosedLoop.Run> runs, double jitShare) {

        long failed() {
            return runs.stream().mapToLong(ClosedLoop.Run::failed).sum();
        }
    }

    /** Each scenario for {@code slice}, one after the other, unmeasured but for the JIT's share. */
    private WarmupTurn warmUpTurn(Collection<? extends List<? extends ClosedLoop.VirtualClient>> scenarios,
                                  Duration slice, ServerProcess service) throws IOException, InterruptedException {
        long serviceCpu = Machine.processCpuNanos(service.pid());
        long jitCpu = Machine.jitCompilerCpuNanos(service.pid());
        List<ClosedLoop.Run> runs = new ArrayList<>();
        for (var scenario : scenarios) {
            ClosedLoop.Run run = ClosedLoop.run(scenario, slice);
            checkAlive(service);
            if (run.failed() > 0) {
                progress.println("  first unexpected answer: " + run.failure());
            }
            runs.add(run);
        }
        return new WarmupTurn(runs, share(jitCpu, Machine.jitCompilerCpuNanos(service.pid()), serviceCpu,
                Machine.processCpuNanos(service.pid())));
    }

    /**
     * The JIT compilers' share of the service's CPU between two readings; NaN where a reading failed (-1) or the
     * compilers' total fell (a compiler thread exited and took its CPU time with it), so that an unreadable share is
     * never taken for a quiet one.
     */
    static double share(long jitBefore, long jitAfter, long serviceBefore, long serviceAfter) {
        if (jitBefore < 0 || jitAfter < jitBefore || serviceBefore < 0 || serviceAfter <= serviceBefore) {
            return Double.NaN;
        }
        return (double) (jitAfter - jitBefore) / (serviceAfter - serviceBefore);
    }

    private static void checkAlive(ServerProcess server) throws IOException {
        if (!server.isAlive()) {
            throw new IOException("the server died (pid " + server.pid() + "):\n" + server.log());
        }
    }

    private static void add(Map<String, List<Double>> rounds, String name, double value) {
        rounds.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
    }

    static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /**
     * The median over the rounds of each round's ratio: the two sides of a ratio are measured one right after the
     * other, while a shared machine's speed drifts over minutes.
     */
    static double medianRatio(List<Double> numerators, List<Double> denominators) {
        List<Double> ratios = new ArrayList<>();
        for (int round = 0; round < numerators.size(); round++) {
            ratios.add(numerators.get(round) / denominators.get(round));
        }
        return median(ratios);
    }

    /** Rates with one decimal, latencies and per-rotation counts with two, ratios with three. */
    static String format(String name, double value) {
        String pattern;
        if (name.contains("_vs_")) {
            pattern = "%.3f";
        } else if (name.endsWith("_p99_ms") || name.endsWith("_per_refresh")) {
            pattern = "%.2f";
        } else if (name.startsWith("startup_") || name.equals("errors")) {
            pattern = "%.0f";
        } else {
            pattern = "%.1f";
        }
        return String.format(Locale.ROOT, pattern, value);
    }
}
