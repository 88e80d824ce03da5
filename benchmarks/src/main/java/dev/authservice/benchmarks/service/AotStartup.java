package dev.authservice.benchmarks.service;

import dev.authservice.benchmarks.load.ClosedLoop;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * startup_jdk25_aot_ms: the service's startup on JDK 25 with an AOT cache (JEP 483, JEP 514), always on a fresh H2.
 * A training run with {@code -XX:AOTCacheOutput} serves each kind of request for a moment and is then stopped, which
 * writes the cache; the service is then started with {@code -XX:AOTCache} {@code starts} times, and the median counts.
 */
public final class AotStartup {

    private static final Duration TRAINING_PER_SCENARIO = Duration.ofMillis(500);
    private static final int TRAINING_CLIENTS = 4;

    private AotStartup() {
    }

    public static double measure(Path jdk25, Path jar, List<String> jvmOptions, int starts, PrintStream progress)
            throws IOException, InterruptedException {
        Path directory = Files.createTempDirectory("auth-service-aot-");
        try {
            Path cache = directory.resolve("auth-service.aot");
            progress.println("JDK 25 AOT training run: " + jdk25);
            // Assembling the cache needs more metaspace than the service does: with -XX:MaxMetaspaceSize=80m it fails
            // ("Unable to allocate from 'ro' region"). The cap does not have to match between training and use.
            List<String> trainingOptions = jvmOptions.stream()
                    .filter(option -> !option.startsWith("-XX:MaxMetaspaceSize=")).toList();
            try (ServiceProcess training = ServiceProcess.start(jdk25, jar,
                    with(trainingOptions, "-XX:AOTCacheOutput=" + cache), Optional.empty())) {
                Scenarios scenarios = new Scenarios("127.0.0.1", training.port(), TRAINING_CLIENTS);
                for (var clients : List.of(scenarios.ping(), scenarios.profile(), scenarios.login(),
                        scenarios.refresh())) {
                    ClosedLoop.run(clients, TRAINING_PER_SCENARIO);
                }
                progress.printf(Locale.ROOT, "  training run started in %.0f ms; stopping it writes the cache%n",
                        training.startupMillis());
            }
            if (!Files.isRegularFile(cache)) {
                throw new IOException("the training run wrote no AOT cache at " + cache);
            }
            progress.printf(Locale.ROOT, "  AOT cache: %.0f MiB%n", Files.size(cache) / 1048576.0);
            return ServiceProcess.medianStartupMillis(jdk25, jar, with(jvmOptions, "-XX:AOTCache=" + cache), starts,
                    "starts with the AOT cache", progress);
        } finally {
            try (Stream<Path> files = Files.list(directory)) {
                for (Path file : files.toList()) {
                    Files.deleteIfExists(file);
                }
            }
            Files.deleteIfExists(directory);
        }
    }

    private static List<String> with(List<String> jvmOptions, String option) {
        List<String> all = new ArrayList<>(jvmOptions);
        all.add(option);
        return all;
    }
}
