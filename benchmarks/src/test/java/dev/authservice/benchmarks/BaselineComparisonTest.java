package dev.authservice.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class BaselineComparisonTest {

    @Test
    void eachScenarioHasBothRatesAndTheRatiosOfRateAndOfCpu() {
        assertEquals(List.of(
                        "baseline_ping_rps", "candidate_ping_rps", "ping_vs_baseline", "ping_cpu_vs_baseline",
                        "baseline_profile_rps", "candidate_profile_rps", "profile_vs_baseline",
                        "profile_cpu_vs_baseline",
                        "baseline_login_rps", "candidate_login_rps", "login_vs_baseline", "login_cpu_vs_baseline",
                        "baseline_refresh_rps", "candidate_refresh_rps", "refresh_vs_baseline",
                        "refresh_cpu_vs_baseline"),
                BaselineComparison.figures());
    }
}
