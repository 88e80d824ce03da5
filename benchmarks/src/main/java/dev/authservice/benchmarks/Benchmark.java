package dev.authservice.benchmarks;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
            "startup_ms", "ping_rps", "ping_p99_ms", "profile_rps", "profile_p99_ms", "profile_vs_ping",
            "hash_per_s", "login_rps", "login_p99_ms", "login_vs_hash", "refresh_rps", "refresh_p99_ms",
            "rss_mb", "loadgen_cpu_pct", "errors");

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
        Map<String, Object> flags = flags(jar);
        machine.forEach((key, value) -> out.println("# " + key + ": " + value));
        flags.forEach((key, value) -> out.println("# " + key + ": " + value));

        Map<String, List<Double>> rounds = new LinkedHashMap<>();
        Map<String, Double> figures = new LinkedHashMap<>();
        long errors = 0;
        long loadgenCpu = 0;
        long loadgenWall = 0;

        progress.println("starting " + jar);
        try (ServiceProcess service = ServiceProcess.start(jar, options.serviceJvmOptions())) {
            figures.put("startup_ms", service.startupMillis());
            progress.printf(Locale.ROOT, "started in %.0f ms on port %d%n", service.startupMillis(), service.port());

            Scenarios scenarios = new Scenarios("127.0.0.1", service.port(), options.concurrency());
            HashRun hash = new HashRun();
            Map<String, List<? extends ClosedLoop.VirtualClient>> http = new LinkedHashMap<>();
            http.put("ping", scenarios.ping());
            http.put("profile", scenarios.profile());
            http.put("login", scenarios.login());
            http.put("refresh", scenarios.refresh());

            if (!options.warmup().isZero()) {
                for (var scenario : http.entrySet()) {
                    progress.println("warmup " + scenario.getKey() + " " + options.warmup().toMillis() + " ms");
                    errors += ClosedLoop.run(scenario.getValue(), options.warmup()).failed();
                    checkAlive(service);
                }
            }
            for (int round = 1; round <= options.rounds(); round++) {
                for (var scenario : http.entrySet()) {
                    String name = scenario.getKey();
                    progress.println("round " + round + " " + name);
                    ClosedLoop.Run run = ClosedLoop.run(scenario.getValue(), options.duration());
                    checkAlive(service);
                    report(name, run);
                    errors += run.failed();
                    loadgenCpu += run.cpuNanos();
                    loadgenWall += run.elapsedNanos();
                    add(rounds, name + "_rps", run.perSecond());
                    add(rounds, name + "_p99_ms", run.p99Millis());
                }
                progress.println("round " + round + " hash");
                ClosedLoop.Run run = hash.run(options.duration());
                report("hash", run);
                errors += run.failed();
                add(rounds, "hash_per_s", run.perSecond());
            }
            figures.put("rss_mb", Machine.peakRssMib(service.pid()));
        }

        for (String name : List.of("ping_rps", "ping_p99_ms", "profile_rps", "profile_p99_ms", "hash_per_s",
                "login_rps", "login_p99_ms", "refresh_rps", "refresh_p99_ms")) {
            figures.put(name, median(rounds.get(name)));
        }
        figures.put("profile_vs_ping", figures.get("profile_rps") / figures.get("ping_rps"));
        figures.put("login_vs_hash", figures.get("login_rps") / figures.get("hash_per_s"));
        figures.put("loadgen_cpu_pct", loadgenCpu < 0 ? Double.NaN : 100.0 * loadgenCpu / loadgenWall);
        figures.put("errors", (double) errors);

        Map<String, Double> ordered = new LinkedHashMap<>();
        for (String name : FIGURES) {
            ordered.put(name, figures.get(name));
            out.println(name + ": " + format(name, figures.get(name)));
        }
        Files.createDirectories(options.out());
        Path json = options.out().resolve("results.json");
        Path png = options.out().resolve("results.png");
        Files.writeString(json, Report.json(Instant.now().truncatedTo(ChronoUnit.SECONDS), machine, flags, ordered,
                rounds));
        try {
            Chart.write(png, ordered, machine, flags);
        } catch (RuntimeException | Error noGraphics) {
            progress.println("could not draw " + png + ": " + noGraphics);
        }
        progress.println("wrote " + json + " and " + png);
        return errors;
    }

    private Map<String, Object> flags(Path jar) {
        Map<String, Object> flags = new LinkedHashMap<>();
        flags.put("concurrency", options.concurrency());
        flags.put("duration_s", options.duration().toMillis() / 1000.0);
        flags.put("rounds", options.rounds());
        flags.put("warmup_s", options.warmup().toMillis() / 1000.0);
        String url = System.getenv("DATASOURCES_DEFAULT_URL");
        flags.put("database", url == null || url.isBlank() ? "h2 (file, fresh temporary directory)"
                : url.replaceAll("[?;].*$", ""));
        flags.put("service_jvm_options", String.join(" ", options.serviceJvmOptions()));
        flags.put("service_jar", jar.toString());
        return flags;
    }

    private void report(String name, ClosedLoop.Run run) {
        progress.printf(Locale.ROOT, "  %s: %.1f/s, p50 %.2f ms, p99 %.2f ms, %d ok, %d failed, benchmark JVM cpu %.0f%% of one core%n",
                name, run.perSecond(), run.percentileMillis(0.5), run.p99Millis(), run.succeeded(), run.failed(),
                100.0 * run.cpuNanos() / run.elapsedNanos());
        if (run.failed() > 0) {
            progress.println("  first unexpected answer: " + run.failure());
        }
    }

    private static void checkAlive(ServiceProcess service) throws IOException {
        if (!service.isAlive()) {
            throw new IOException("the service died:\n" + service.log());
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

    /** Rates with one decimal, milliseconds with two, ratios with three. */
    static String format(String name, double value) {
        String pattern;
        if (name.endsWith("_vs_ping") || name.endsWith("_vs_hash")) {
            pattern = "%.3f";
        } else if (name.endsWith("_p99_ms")) {
            pattern = "%.2f";
        } else if (name.equals("startup_ms") || name.equals("errors")) {
            pattern = "%.0f";
        } else {
            pattern = "%.1f";
        }
        return String.format(Locale.ROOT, pattern, value);
    }
}
