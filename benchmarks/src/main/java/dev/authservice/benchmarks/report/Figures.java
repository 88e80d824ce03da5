package dev.authservice.benchmarks.report;

import java.util.List;
import java.util.Locale;

/** The figures of the rounds on one service, in the order printed, and how every figure is written. */
public final class Figures {

    public static final List<String> NAMES = List.of(
            "startup_ms", "startup_jdk25_aot_ms", "ping_rps", "ping_p99_ms", "profile_rps", "profile_p99_ms",
            "profile_vs_ping", "hash_per_s", "login_rps", "login_p99_ms", "login_vs_hash", "login_rps_under_spray",
            "login_under_spray_vs_login", "login_warm_rps", "login_vs_hash_warm", "refresh_rps", "refresh_p99_ms",
            "refresh_db_tps", "refresh_vs_db", "refresh_jdbc_tps", "jdbc_vs_db", "refresh_vs_db_ceiling",
            "writes_per_refresh", "commits_per_refresh", "rss_mb", "loadgen_cpu_pct", "errors");

    /** The figures that some runs cannot measure: they print {@code n/a (why)} then. */
    public static final List<String> OPTIONAL = List.of(
            "startup_jdk25_aot_ms", "login_rps_under_spray", "login_under_spray_vs_login", "login_warm_rps",
            "login_vs_hash_warm", "refresh_db_tps", "refresh_vs_db",
            "refresh_jdbc_tps", "jdbc_vs_db", "refresh_vs_db_ceiling", "writes_per_refresh", "commits_per_refresh");

    /** The figures of {@code --warm-logins}, left out without it. */
    public static final List<String> WARM_LOGINS = List.of("login_warm_rps", "login_vs_hash_warm");

    private Figures() {
    }

    /** Rates with one decimal, latencies and per-rotation counts with two, ratios with three. */
    public static String format(String name, double value) {
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
