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
 * Several services measured side by side: each on a fresh database of its own, all started and warmed up first, then
 * {@code --rounds} rounds of the scenarios, each scenario run on every service in turn ({@link Slices#inTurn}), in
 * {@link Slices#COUNT} slices of its {@code --duration} each, before the next scenario. A figure is recorded as
 * {@code <prefix><scenario>_rps} (and {@code _service_cpu_us}), so that a ratio of two services' figures compares what
 * was measured in the same stretch of time, interleaved, where the machine's speed drifts over seconds and minutes.
 */
final class SideBySide {

    /** One service: the prefix of its figures, the jar it runs and the algorithm it signs with. */
    record Contender(String prefix, Path jar, JwtAlgorithm algorithm) {
    }

    /** The scenarios a service can be measured on, in the order they are run. */
    static final List<String> SCENARIOS = List.of("ping", "profile", "profile_cold", "login", "refresh");
    /** The cold profile's tokens during a warm-up turn: they come round again, and that is good enough there. */
    private static final int WARMUP_COLD_TOKENS = 20_000;
    /** At most this many cold tokens per run (about 0.6 KiB each in this JVM). */
    private static final int MAX_COLD_TOKENS = 1_000_000;

    private record Running(Contender contender, ServiceProcess service, Postgres database, ColdTokens coldTokens,
                           Map<String, List<? extends ClosedLoop.VirtualClient>> scenarios) {
    }

    private final Options options;
    private final PrintStream progress;
    private final Rounds rounds;
    private final Warmup warmup;
    private final Slices slices;

    SideBySide(Options options, PrintStream progress, Rounds rounds) {
        this.options = options;
        this.progress = progress;
        this.rounds = rounds;
        this.warmup = new Warmup(progress);
        this.slices = new Slices(new Meter(progress, options.duration(), rounds), rounds);
    }

    /**
     * Runs {@code contenders} and measures each on {@code scenarios} (of {@link #SCENARIOS}, in its order), their
     * values kept in the rounds. Returns the unexpected answers.
     */
    long measure(List<Contender> contenders, List<String> scenarios, Path javaHome, Optional<String> postgresServer)
            throws Exception {
        List<Running> services = new ArrayList<>();
        long errors = 0;
        try {
            for (Contender contender : contenders) {
                services.add(start(contender, scenarios, javaHome, postgresServer));
            }
            for (Running each : services) {
                if (!options.warmup().isZero()) {
                    progress.println("warming up the " + label(each.contender()) + " service");
                    each.coldTokens().mint(WARMUP_COLD_TOKENS);
                    errors += warmup.warmUp(each.scenarios(), options.warmup(), each.service());
                }
            }
            Duration slice = options.duration().dividedBy(Slices.COUNT);
            for (int round = 1; round <= options.rounds(); round++) {
                // As the main rounds' database is before pgbench: the same state of the tables for every service.
                for (Running each : services) {
                    if (each.database() != null) {
                        each.database().vacuumAnalyze();
                    }
                }
                for (String scenario : services.get(0).scenarios().keySet()) {
                    List<Running> order = Slices.inTurn(services, round);
                    if (scenario.equals("profile_cold")) {
                        mintColdTokens(order, round);
                    }
                    progress.printf(Locale.ROOT, "round %d %s: %d slices of %d ms on each service in turn%n", round,
                            scenario, Slices.COUNT, slice.toMillis());
                    errors += slices.measure(order.stream().map(each -> new Slices.Part(
                            each.contender().prefix() + scenario, each.service(), each.database() != null,
                            each.scenarios().get(scenario))).toList(), slice);
                    for (Running each : order) {
                        if (scenario.equals("profile_cold") && each.coldTokens().reused() > 0) {
                            progress.println("  " + each.coldTokens().reused() + " requests carried a token sent"
                                    + " before in the run");
                        }
                    }
                }
            }
        } finally {
            for (Running each : services) {
                each.service().close();
                if (each.database() != null) {
                    each.database().close();
                }
            }
        }
        return errors;
    }

    /** Enough new tokens for the run: a cold request is never faster than a warm one. */
    private void mintColdTokens(List<Running> services, int round) {
        for (Running each : services) {
            double warm = rounds.of(each.contender().prefix() + "profile_rps").get(round - 1);
            each.coldTokens().mint((int) Math.min(MAX_COLD_TOKENS,
                    1_000 + 1.2 * warm * options.duration().toMillis() / 1000.0));
        }
    }

    /** The service of {@code contender}, on a fresh database of the server if there is one, and its scenarios. */
    private Running start(Contender contender, List<String> scenarios, Path javaHome, Optional<String> postgresServer)
            throws IOException, InterruptedException {
        Postgres database = postgresServer.isPresent() ? Postgres.createDatabase(postgresServer.get()) : null;
        ServiceProcess service;
        try {
            service = ServiceProcess.start(javaHome, contender.jar(), options.serviceJvmOptions(),
                    Optional.ofNullable(database).map(Postgres::jdbcUrl),
                    Map.of("AUTH_JWT_ALGORITHM", contender.algorithm().name()));
        } catch (IOException | InterruptedException | RuntimeException failed) {
            if (database != null) {
                database.close();
            }
            throw failed;
        }
        progress.printf(Locale.ROOT, "%s: started in %.0f ms on port %d%n", label(contender),
                service.startupMillis(), service.port());
        Scenarios clients = new Scenarios("127.0.0.1", service.port(), options.concurrency());
        ColdTokens coldTokens = ColdTokens.of(contender.algorithm(), service.directory(),
                "127.0.0.1:" + service.port());
        Map<String, List<? extends ClosedLoop.VirtualClient>> http = new LinkedHashMap<>();
        for (String scenario : SCENARIOS) {
            if (scenarios.contains(scenario)) {
                http.put(scenario, switch (scenario) {
                    case "ping" -> clients.ping();
                    case "profile" -> clients.profile();
                    case "profile_cold" -> clients.profileCold(coldTokens);
                    case "login" -> clients.login();
                    case "refresh" -> clients.refresh();
                    default -> throw new IllegalArgumentException("no scenario " + scenario);
                });
            }
        }
        return new Running(contender, service, database, coldTokens, http);
    }

    private static String label(Contender contender) {
        return contender.prefix() + contender.algorithm();
    }
}
