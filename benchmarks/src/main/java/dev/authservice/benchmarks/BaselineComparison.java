package dev.authservice.benchmarks;

import dev.authservice.adapter.out.crypto.session.JwtAlgorithm;
import dev.authservice.benchmarks.rounds.Rounds;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code _vs_baseline} figures: the service of {@code --jar} beside one of {@code --baseline} (an earlier build),
 * both signing with HS256, measured {@link SideBySide} on ping, profile, login and refresh. A change is level with its
 * baseline when its rates' ratios are about 1 and its CPU per answer no higher: on a machine shared with other work,
 * two runs of the whole benchmark one after the other differ by more than most changes do, these slices far less.
 */
final class BaselineComparison {

    /** The scenarios compared; ping measures the machine, the other three the service's own work. */
    private static final List<String> SCENARIOS = List.of("ping", "profile", "login", "refresh");
    private static final String BASELINE = "baseline_";
    private static final String CANDIDATE = "candidate_";

    private final SideBySide sideBySide;
    private final Rounds rounds;

    BaselineComparison(Options options, PrintStream progress, Rounds rounds) {
        this.sideBySide = new SideBySide(options, progress, rounds);
        this.rounds = rounds;
    }

    /**
     * For each scenario: both rates, {@code <scenario>_vs_baseline} (the candidate's rate over the baseline's) and
     * {@code <scenario>_cpu_vs_baseline} (the candidate service's CPU per answer over the baseline's: under 1 is
     * cheaper).
     */
    static List<String> figures() {
        List<String> names = new ArrayList<>();
        for (String scenario : SCENARIOS) {
            names.add(BASELINE + scenario + "_rps");
            names.add(CANDIDATE + scenario + "_rps");
            names.add(scenario + "_vs_baseline");
            names.add(scenario + "_cpu_vs_baseline");
        }
        return names;
    }

    /** Runs both services and measures them; puts their figures into {@code figures}. Returns the unexpected answers. */
    long measure(Path baseline, Path javaHome, Path jar, Optional<String> postgresServer, Map<String, Double> figures)
            throws Exception {
        long errors = sideBySide.measure(List.of(
                new SideBySide.Contender(BASELINE, baseline, JwtAlgorithm.HS256),
                new SideBySide.Contender(CANDIDATE, jar, JwtAlgorithm.HS256)), SCENARIOS, javaHome, postgresServer);
        for (String scenario : SCENARIOS) {
            figures.put(BASELINE + scenario + "_rps", rounds.median(BASELINE + scenario + "_rps"));
            figures.put(CANDIDATE + scenario + "_rps", rounds.median(CANDIDATE + scenario + "_rps"));
            figures.put(scenario + "_vs_baseline",
                    rounds.medianRatio(CANDIDATE + scenario + "_rps", BASELINE + scenario + "_rps"));
            figures.put(scenario + "_cpu_vs_baseline", rounds.medianRatio(CANDIDATE + scenario + "_service_cpu_us",
                    BASELINE + scenario + "_service_cpu_us"));
        }
        return errors;
    }
}
