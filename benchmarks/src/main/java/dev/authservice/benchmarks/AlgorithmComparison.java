package dev.authservice.benchmarks;

import dev.authservice.adapter.out.crypto.session.JwtAlgorithm;
import dev.authservice.benchmarks.load.ClosedLoop;
import dev.authservice.benchmarks.postgres.Postgres;
import dev.authservice.benchmarks.rounds.Meter;
import dev.authservice.benchmarks.rounds.Rounds;
import dev.authservice.benchmarks.rounds.Slices;
import dev.authservice.benchmarks.rounds.Warmup;
import dev.authservice.benchmarks.service.ColdTokens;
import dev.authservice.benchmarks.service.Scenarios;
import dev.authservice.benchmarks.service.ServiceProcess;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code <alg>_} figures: one service per algorithm of {@code --algorithms}, each on a fresh database of its own,
 * all started and warmed up first, then {@code --rounds} rounds of ping, profile (one token, presented again and
 * again as clients do), cold profile (every request a token the service has not seen: {@link ColdTokens}), login and
 * refresh, each scenario run on every service in turn ({@link Slices#inTurn}), in {@link Slices#COUNT} slices of its
 * {@code --duration} each, before the next scenario. A ratio is the median of the rounds' own, so both sides of
 * {@code es256_refresh_vs_hs256} were measured in the same stretch of time, interleaved, where the machine's speed
 * drifts over seconds and minutes.
 */
final class AlgorithmComparison {

    /** The scenarios whose rates are {@code <alg>_<scenario>_rps} figures. */
    private static final List<String> RATES = List.of("profile", "profile_cold", "login", "refresh");
    /** Those also given as {@code <alg>_<scenario>_vs_ping}. */
    private static final List<String> VS_PING = List.of("profile", "profile_cold");
    /** Those also given as {@code <alg>_<scenario>_vs_hs256}, when HS256 is measured beside. */
    private static final List<String> VS_HS256 = List.of("profile", "login", "refresh");
    /** The cold profile's tokens during a warm-up turn: they come round again, and that is good enough there. */
    private static final int WARMUP_COLD_TOKENS = 20_000;
    /** At most this many cold tokens per run (about 0.6 KiB each in this JVM). */
    private static final int MAX_COLD_TOKENS = 1_000_000;

    /** A service signing with one algorithm, and its scenarios. */
    private record AlgorithmService(JwtAlgorithm algorithm, ServiceProcess service, Postgres database,
                                    ColdTokens coldTokens,
                                    Map<String, List<? extends ClosedLoop.VirtualClient>> scenarios) {
    }

    private final Options options;
    private final PrintStream progress;
    private final Rounds rounds;
    private final Warmup warmup;
    private final Slices slices;

    AlgorithmComparison(Options options, PrintStream progress, Rounds rounds) {
        this.options = options;
        this.progress = progress;
        this.rounds = rounds;
        this.warmup = new Warmup(progress);
        this.slices = new Slices(new Meter(progress, options.duration(), rounds), rounds);
    }

    /** The figures of each of {@code algorithms}, in the order printed. */
    static List<String> figures(List<JwtAlgorithm> algorithms) {
        List<String> names = new ArrayList<>();
        for (JwtAlgorithm algorithm : algorithms) {
            String prefix = prefix(algorithm);
            for (String scenario : RATES) {
                names.add(prefix + scenario + "_rps");
                if (VS_PING.contains(scenario)) {
                    names.add(prefix + scenario + "_vs_ping");
                }
            }
            if (comparedWithHs256(algorithm, algorithms)) {
                VS_HS256.forEach(scenario -> names.add(prefix + scenario + "_vs_hs256"));
            }
        }
        return names;
    }

    /** Runs the services and measures them; puts their figures into {@code figures}. Returns the unexpected answers. */
    long measure(Path javaHome, Path jar, Optional<String> postgresServer, Map<String, Double> figures)
            throws Exception {
        List<AlgorithmService> services = new ArrayList<>();
        long errors = 0;
        try {
            for (JwtAlgorithm algorithm : options.algorithms()) {
                services.add(start(algorithm, javaHome, jar, postgresServer));
            }
            for (AlgorithmService each : services) {
                if (!options.warmup().isZero()) {
                    progress.println("warming up the " + each.algorithm() + " service");
                    each.coldTokens().mint(WARMUP_COLD_TOKENS);
                    errors += warmup.warmUp(each.scenarios(), options.warmup(), each.service());
                }
            }
            Duration slice = options.duration().dividedBy(Slices.COUNT);
            for (int round = 1; round <= options.rounds(); round++) {
                // As the main rounds' database is before pgbench: the same state of the tables for every service.
                for (AlgorithmService each : services) {
                    if (each.database() != null) {
                        each.database().vacuumAnalyze();
                    }
                }
                for (String scenario : services.get(0).scenarios().keySet()) {
                    List<AlgorithmService> order = Slices.inTurn(services, round);
                    if (scenario.equals("profile_cold")) {
                        for (AlgorithmService each : order) {
                            // Enough new tokens for the run: a cold request is never faster than a warm one.
                            double warm = rounds.of(prefix(each.algorithm()) + "profile_rps").get(round - 1);
                            each.coldTokens().mint((int) Math.min(MAX_COLD_TOKENS,
                                    1_000 + 1.2 * warm * options.duration().toMillis() / 1000.0));
                        }
                    }
                    progress.printf(Locale.ROOT, "round %d %s: %d slices of %d ms on each service in turn%n", round,
                            scenario, Slices.COUNT, slice.toMillis());
                    errors += slices.measure(order.stream().map(each -> new Slices.Part(
                            prefix(each.algorithm()) + scenario, each.service(), each.database() != null,
                            each.scenarios().get(scenario))).toList(), slice);
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
            for (String scenario : RATES) {
                figures.put(prefix + scenario + "_rps", rounds.median(prefix + scenario + "_rps"));
            }
            for (String scenario : VS_PING) {
                figures.put(prefix + scenario + "_vs_ping",
                        rounds.medianRatio(prefix + scenario + "_rps", prefix + "ping_rps"));
            }
            if (comparedWithHs256(algorithm, options.algorithms())) {
                for (String scenario : VS_HS256) {
                    figures.put(prefix + scenario + "_vs_hs256", rounds.medianRatio(prefix + scenario + "_rps",
                            prefix(JwtAlgorithm.HS256) + scenario + "_rps"));
                }
            }
        }
        return errors;
    }

    /** The service of {@code algorithm}, on a fresh database of the server if there is one, and its scenarios. */
    private AlgorithmService start(JwtAlgorithm algorithm, Path javaHome, Path jar, Optional<String> postgresServer)
            throws IOException, InterruptedException {
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
        return new AlgorithmService(algorithm, service, database, coldTokens, http);
    }

    private static boolean comparedWithHs256(JwtAlgorithm algorithm, List<JwtAlgorithm> algorithms) {
        return algorithm != JwtAlgorithm.HS256 && algorithms.contains(JwtAlgorithm.HS256);
    }

    private static String prefix(JwtAlgorithm algorithm) {
        return algorithm.name().toLowerCase(Locale.ROOT) + "_";
    }
}
