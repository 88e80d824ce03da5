package dev.authservice.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.adapter.out.crypto.session.JwtAlgorithm;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchmarkTest {

    @Test
    void aRatioIsTheMedianOfEachRoundsOwnRatioNotTheRatioOfTheMedians() {
        // Rounds of 0.9, 0.5 and 1.0; the medians alone, 20 / 20, would say 1.0.
        assertEquals(0.9, Benchmark.medianRatio(List.of(9.0, 30.0, 20.0), List.of(10.0, 60.0, 20.0)), 1e-9);
    }

    @Test
    void anEvenNumberOfRoundsTakesTheMeanOfTheMiddleTwo() {
        assertEquals(0.75, Benchmark.medianRatio(List.of(1.0, 1.0), List.of(2.0, 1.0)), 1e-9);
    }

    @Test
    void theCeilingOfRefreshVsDbIsPgbenchsCostOverTheLeastARefreshCosts() {
        Map<String, List<Double>> rounds = Map.of(
                "refresh_db_machine_cpu_us", List.of(220.0, 230.0, 900.0),
                "refresh_jdbc_client_cpu_us", List.of(40.0, 45.0, 42.0),
                "refresh_jdbc_rest_cpu_us", List.of(210.0, 200.0, 215.0),
                "ping_service_cpu_us", List.of(18.0, 20.0, 17.0),
                "ping_loadgen_cpu_us", List.of(14.0, 15.0, 12.0));
        // Medians: 230 / (42 + 210 + 18 + 14).
        assertEquals(230.0 / 284.0, Benchmark.refreshVsDbCeiling(rounds), 1e-9);
    }

    @Test
    void anUnreadableJitShareIsNeverTakenForAQuietOne() {
        assertEquals(0.1, Benchmark.share(100, 110, 1_000, 1_100), 1e-9);
        assertTrue(Double.isNaN(Benchmark.share(-1, -1, 1_000, 1_100)));
        assertTrue(Double.isNaN(Benchmark.share(100, 110, -1, -1)));
        assertTrue(Double.isNaN(Benchmark.share(100, 110, 1_000, 1_000)));
        assertTrue(Double.isNaN(Benchmark.share(110, 100, 1_000, 1_100)), "a compiler thread exited in between");
    }

    @Test
    void eachAlgorithmHasItsRatesAndRatiosAndTheOthersAreComparedWithHs256() {
        assertEquals(List.of(
                        "hs256_profile_rps", "hs256_profile_vs_ping", "hs256_profile_cold_rps",
                        "hs256_profile_cold_vs_ping", "hs256_login_rps", "hs256_refresh_rps",
                        "es256_profile_rps", "es256_profile_vs_ping", "es256_profile_cold_rps",
                        "es256_profile_cold_vs_ping", "es256_login_rps", "es256_refresh_rps",
                        "es256_profile_vs_hs256", "es256_login_vs_hs256", "es256_refresh_vs_hs256"),
                Benchmark.algorithmFigures(List.of(JwtAlgorithm.HS256, JwtAlgorithm.ES256)));
        assertEquals(List.of("eddsa_profile_rps", "eddsa_profile_vs_ping", "eddsa_profile_cold_rps",
                        "eddsa_profile_cold_vs_ping", "eddsa_login_rps", "eddsa_refresh_rps"),
                Benchmark.algorithmFigures(List.of(JwtAlgorithm.EdDSA)), "no HS256 run, nothing to compare with");
    }

    @Test
    void eachRoundMeasuresTheServicesInTurnStartingOneFurtherAlong() {
        List<String> services = List.of("HS256", "ES256", "EdDSA");

        assertEquals(List.of("HS256", "ES256", "EdDSA"), Benchmark.inTurn(services, 1));
        assertEquals(List.of("ES256", "EdDSA", "HS256"), Benchmark.inTurn(services, 2));
        assertEquals(List.of("EdDSA", "HS256", "ES256"), Benchmark.inTurn(services, 3));
        assertEquals(List.of("HS256", "ES256", "EdDSA"), Benchmark.inTurn(services, 4));
        assertEquals(List.of("HS256"), Benchmark.inTurn(List.of("HS256"), 2));
    }

    @Test
    void slicesAddUpToOneRunWhoseRateIsAllTheirAnswersOverAllTheirTime() {
        Benchmark.Measured first = new Benchmark.Measured(
                new ClosedLoop.Run(900, 1, 1_000_000_000L, new long[] {1, 5}, 10, ""), 100, 0, 10, 400, 50);
        Benchmark.Measured second = new Benchmark.Measured(
                new ClosedLoop.Run(100, 0, 1_000_000_000L, new long[] {3}, 20, "503"), 300, 0, -1, 600, 70);

        Benchmark.Measured both = first.plus(second);

        assertEquals(500.0, both.run().perSecond(), 1e-9, "not the mean of 900/s and 100/s");
        assertEquals(1, both.run().failed());
        assertArrayEquals(new long[] {1, 3, 5}, both.run().latencies());
        assertEquals("503", both.run().failure(), "the first slice's failure, or else the next one's");
        assertEquals(400, both.serviceCpuNanos());
        assertEquals(-1, both.jitCpuNanos(), "a reading that failed in one slice fails the sum");
        assertEquals(1_000, both.machineBusyNanos());
        assertEquals(120, both.databaseCpuNanos());
        assertEquals(Long.MIN_VALUE, new Benchmark.Measured(first.run(), 1, 0, 0, 1, Long.MIN_VALUE)
                .plus(new Benchmark.Measured(first.run(), 1, 0, 0, 1, Long.MIN_VALUE)).databaseCpuNanos(),
                "on H2, still no database reading");
    }

    @Test
    void eachScenarioIsComparedWithKeycloaksNearestAndKeycloaksMemoryIsGiven() {
        assertEquals(List.of(
                        "authservice_login_rps", "authservice_login_p99_ms", "keycloak_login_rps",
                        "keycloak_login_p99_ms", "login_vs_keycloak",
                        "authservice_refresh_rps", "authservice_refresh_p99_ms", "keycloak_refresh_rps",
                        "keycloak_refresh_p99_ms", "refresh_vs_keycloak",
                        "authservice_profile_rps", "authservice_profile_p99_ms", "keycloak_userinfo_rps",
                        "keycloak_userinfo_p99_ms", "profile_vs_keycloak_userinfo",
                        "keycloak_rss_mb"),
                Benchmark.KEYCLOAK_FIGURES);
    }

    @Test
    void aRatioAgainstKeycloakIsTheServicesRateOverKeycloaksRoundByRound() {
        Map<String, List<Double>> rounds = new java.util.HashMap<>();
        for (String side : List.of("authservice_login", "authservice_refresh", "authservice_profile",
                "keycloak_login", "keycloak_refresh", "keycloak_userinfo")) {
            rounds.put(side + "_p99_ms", List.of(3.0, 1.0, 2.0));
            rounds.put(side + "_rps", List.of(10.0, 10.0, 10.0));
        }
        rounds.put("authservice_login_rps", List.of(100.0, 90.0, 95.0));
        rounds.put("keycloak_login_rps", List.of(50.0, 60.0, 45.0));

        Map<String, Double> figures = Benchmark.keycloakFigures(rounds);

        // Rounds of 2.0, 1.5 and 2.11; the medians alone, 95 / 50, would say 1.9.
        assertEquals(2.0, figures.get("login_vs_keycloak"), 1e-9);
        assertEquals(95.0, figures.get("authservice_login_rps"), 1e-9);
        assertEquals(50.0, figures.get("keycloak_login_rps"), 1e-9);
        assertEquals(2.0, figures.get("keycloak_userinfo_p99_ms"), 1e-9);
        assertEquals(1.0, figures.get("profile_vs_keycloak_userinfo"), 1e-9);
        assertEquals(Benchmark.KEYCLOAK_FIGURES.subList(0, 15), List.copyOf(figures.keySet()));
    }
}
