package dev.authservice.benchmarks;

import dev.authservice.adapter.out.crypto.session.JwtAlgorithm;
import dev.authservice.benchmarks.keycloak.KeycloakProcess;
import dev.authservice.benchmarks.load.Machine;
import dev.authservice.benchmarks.postgres.Postgres;
import dev.authservice.benchmarks.report.Chart;
import dev.authservice.benchmarks.report.Figures;
import dev.authservice.benchmarks.report.Report;
import dev.authservice.benchmarks.rounds.Rounds;
import dev.authservice.benchmarks.service.AotStartup;
import dev.authservice.benchmarks.service.RecommendedFlags;
import dev.authservice.benchmarks.service.ServiceProcess;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The benchmark of docs/benchmarks/README.md: starts the service jar, drives it over HTTP on loopback with a
 * closed-loop load generator, measures the raw password hash beside it, and prints one {@code name: value} line per
 * figure (medians over the rounds), then writes the same to results.json and results.png. Its phases, in order: the
 * rounds on one service ({@link ServiceRounds}), the algorithms ({@link AlgorithmComparison}), Keycloak
 * ({@link KeycloakComparison}), an earlier build ({@link BaselineComparison}), and the starts.
 */
public final class Benchmark {

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

        Rounds rounds = new Rounds();
        Map<String, Double> figures = new LinkedHashMap<>();
        Map<String, String> notMeasured = new LinkedHashMap<>();
        Path javaHome = Path.of(System.getProperty("java.home"));

        ServiceRounds serviceRounds = new ServiceRounds(options, progress, rounds);
        long errors = serviceRounds.measure(javaHome, jar, postgresServer, figures, notMeasured);
        if (!options.algorithms().isEmpty()) {
            errors += new AlgorithmComparison(options, progress, rounds).measure(javaHome, jar, postgresServer,
                    figures);
        }
        if (options.keycloak().isPresent()) {
            errors += new KeycloakComparison(options, progress, rounds).measure(options.keycloak().get(), javaHome,
                    jar, postgresServer.orElseThrow(), figures);
        }
        if (options.baseline().isPresent()) {
            errors += new BaselineComparison(options, progress, rounds).measure(
                    options.baseline().get().toAbsolutePath().normalize(), javaHome, jar, postgresServer, figures);
        }
        measureStarts(javaHome, jar, figures, notMeasured);
        serviceRounds.figures(figures, notMeasured);
        figures.put("errors", (double) errors);

        Map<String, Double> ordered = new LinkedHashMap<>();
        for (String name : Figures.NAMES) {
            Double value = figures.get(name);
            ordered.put(name, value == null ? Double.NaN : value);
            out.println(name + ": " + (value == null ? "n/a (" + notMeasured.get(name) + ")"
                    : Figures.format(name, value)));
        }
        List<String> phases = new ArrayList<>(AlgorithmComparison.figures(options.algorithms()));
        if (options.keycloak().isPresent()) {
            phases.addAll(KeycloakComparison.FIGURES);
        }
        if (options.baseline().isPresent()) {
            phases.addAll(BaselineComparison.figures());
        }
        for (String name : phases) {
            double value = figures.get(name);
            ordered.put(name, value);
            out.println(name + ": " + Figures.format(name, value));
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

    /**
     * {@code startup_ms}, and {@code startup_jdk25_aot_ms} unless left out. Beside the AOT starts and like them: on a
     * fresh H2, so that the database the rounds used does not count.
     */
    private void measureStarts(Path javaHome, Path jar, Map<String, Double> figures, Map<String, String> notMeasured)
            throws IOException, InterruptedException {
        progress.println("JDK " + Runtime.version().feature() + " starts without a cache: " + javaHome);
        figures.put("startup_ms", ServiceProcess.medianStartupMillis(javaHome, jar, options.serviceJvmOptions(),
                options.rounds(), "starts", progress));
        if (options.jdk25().isPresent()) {
            figures.put("startup_jdk25_aot_ms", AotStartup.measure(options.jdk25().get(), jar,
                    options.serviceJvmOptions(), options.rounds(), progress));
        } else {
            notMeasured.put("startup_jdk25_aot_ms", "left out: --jdk25 none, or no JDK at " + Options.DEFAULT_JDK25);
        }
    }

    /** The flags of the run as results.json and the log's head record them, the service's environment included. */
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
        Map<String, String> environment = new TreeMap<>(RecommendedFlags.ENVIRONMENT);
        environment.replaceAll((name, value) -> Optional.ofNullable(System.getenv(name)).orElse(value));
        flags.put("service_environment", environment.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" ")));
        flags.put("jdk25", options.jdk25().map(Path::toString).orElse("none"));
        flags.put("algorithms", options.algorithms().isEmpty() ? "none"
                : options.algorithms().stream().map(JwtAlgorithm::name).collect(Collectors.joining(",")));
        flags.put("service_jar", jar.toString());
        flags.put("baseline_jar", options.baseline().map(path -> path.toAbsolutePath().normalize().toString())
                .orElse("none"));
        flags.put("keycloak", options.keycloak().map(home -> KeycloakProcess.version(home) + " from "
                + home.toAbsolutePath().normalize()).orElse("none"));
        return flags;
    }
}
