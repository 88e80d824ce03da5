package dev.authservice.benchmarks;

import dev.authservice.adapter.out.crypto.session.JwtAlgorithm;
import dev.authservice.benchmarks.rounds.Rounds;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code <alg>_} figures: one service per algorithm of {@code --algorithms}, measured {@link SideBySide} on ping,
 * profile (one token, presented again and again as clients do), cold profile (every request a token the service has
 * not seen: {@link dev.authservice.benchmarks.service.ColdTokens}), login and refresh. A ratio is the median of the
 * rounds' own, so both sides of {@code es256_refresh_vs_hs256} were measured in the same stretch of time.
 */
final class AlgorithmComparison {

    /** The scenarios whose rates are {@code <alg>_<scenario>_rps} figures. */
    private static final List<String> RATES = List.of("profile", "profile_cold", "login", "refresh");
    /** Those also given as {@code <alg>_<scenario>_vs_ping}. */
    private static final List<String> VS_PING = List.of("profile", "profile_cold");
    /** Those also given as {@code <alg>_<scenario>_vs_hs256}, when HS256 is measured beside. */
    private static final List<String> VS_HS256 = List.of("profile", "login", "refresh");
    private final Options options;
    private final SideBySide sideBySide;
    private final Rounds rounds;

    AlgorithmComparison(Options options, PrintStream progress, Rounds rounds) {
        this.options = options;
        this.sideBySide = new SideBySide(options, progress, rounds);
        this.rounds = rounds;
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
        long errors = sideBySide.measure(options.algorithms().stream()
                        .map(algorithm -> new SideBySide.Contender(prefix(algorithm), jar, algorithm)).toList(),
                SideBySide.SCENARIOS, javaHome, postgresServer);
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

    private static boolean comparedWithHs256(JwtAlgorithm algorithm, List<JwtAlgorithm> algorithms) {
        return algorithm != JwtAlgorithm.HS256 && algorithms.contains(JwtAlgorithm.HS256);
    }

    private static String prefix(JwtAlgorithm algorithm) {
        return algorithm.name().toLowerCase(Locale.ROOT) + "_";
    }
}
