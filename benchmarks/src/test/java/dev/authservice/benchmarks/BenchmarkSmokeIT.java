package dev.authservice.benchmarks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.benchmarks.report.Figures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A few seconds of the real benchmark, so that it cannot rot: the packaged benchmarks.jar against the packaged service
 * jar, with the smallest flags and the recommended service flags. It asserts that the benchmark runs and prints every
 * figure as a finite number, and never what the figures are: those are measurements, not test outcomes. It runs on H2
 * whatever the environment says, so the PostgreSQL figures print as {@code n/a (why)}; so does the JDK 25 AOT startup,
 * which is left out because its training run and three starts alone take 20 to 40 seconds. The warm logins run for a
 * second, so that their figures are printed as numbers too.
 */
class BenchmarkSmokeIT {

    @Test
    void theBenchmarkRunsAndPrintsEveryFigure() throws Exception {
        Path out = Path.of(System.getProperty("smoke.out", "target/smoke"));
        Files.createDirectories(out);
        Path log = out.resolve("benchmark.log");
        ProcessBuilder builder = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", existing("benchmarks.jar", "target/benchmarks.jar").toString(),
                "--jar", existing("auth.jar", "../bootstrap/target/auth-service.jar").toString(),
                "--out", out.toString(),
                "--concurrency", "2", "--duration", "1s", "--rounds", "1", "--warmup", "0s", "--warm-logins", "1s",
                "--jdk25", "none")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        // The smoke run is on a fresh H2 whatever the environment says.
        Map<String, String> environment = builder.environment();
        environment.remove("DATASOURCES_DEFAULT_URL");
        environment.remove("DATASOURCES_DEFAULT_USERNAME");
        environment.remove("DATASOURCES_DEFAULT_PASSWORD");
        Process benchmark = builder.start();
        benchmark.getOutputStream().close();
        boolean finished = benchmark.waitFor(240, TimeUnit.SECONDS);
        if (!finished) {
            // Its shutdown hook stops the service it started.
            benchmark.destroy();
            benchmark.waitFor(30, TimeUnit.SECONDS);
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);

        assertTrue(finished, "the benchmark did not finish:\n" + output);
        assertEquals(0, benchmark.exitValue(), output);
        List<Runnable> figures = new ArrayList<>();
        for (String name : Figures.NAMES) {
            figures.add(() -> {
                Matcher line = Pattern.compile("(?m)^" + name + ": (.+)$").matcher(output);
                assertTrue(line.find(), "no line " + name + ": in\n" + output);
                // The smoke run asks for the warm logins, so those are measured like the rest.
                if (Figures.OPTIONAL.contains(name) && !Figures.WARM_LOGINS.contains(name)
                        && line.group(1).matches("n/a \\(.+\\)")) {
                    return;
                }
                double value = Double.parseDouble(line.group(1));
                assertTrue(Double.isFinite(value), name + " is " + value + " in\n" + output);
            });
        }
        for (String name : AlgorithmComparison.figures(Options.DEFAULT_ALGORITHMS)) {
            figures.add(() -> {
                Matcher line = Pattern.compile("(?m)^" + name + ": (.+)$").matcher(output);
                assertTrue(line.find(), "no line " + name + ": in\n" + output);
                double value = Double.parseDouble(line.group(1));
                assertTrue(Double.isFinite(value) && value > 0, name + " is " + value + " in\n" + output);
            });
        }
        assertAll(figures.stream().map(check -> check::run));
        assertTrue(Files.size(out.resolve("results.json")) > 0, "results.json");
        assertTrue(Files.size(out.resolve("results.png")) > 0, "results.png");
    }

    private static Path existing(String property, String fallback) {
        Path path = Path.of(System.getProperty(property, fallback)).toAbsolutePath().normalize();
        assertTrue(Files.isRegularFile(path), "build it first: " + path);
        return path;
    }
}
