package dev.authservice.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.adapter.out.crypto.session.JwtAlgorithm;
import java.util.List;
import org.junit.jupiter.api.Test;

class AlgorithmComparisonTest {

    @Test
    void eachAlgorithmHasItsRatesAndRatiosAndTheOthersAreComparedWithHs256() {
        assertEquals(List.of(
                        "hs256_profile_rps", "hs256_profile_vs_ping", "hs256_profile_cold_rps",
                        "hs256_profile_cold_vs_ping", "hs256_login_rps", "hs256_refresh_rps",
                        "es256_profile_rps", "es256_profile_vs_ping", "es256_profile_cold_rps",
                        "es256_profile_cold_vs_ping", "es256_login_rps", "es256_refresh_rps",
                        "es256_profile_vs_hs256", "es256_login_vs_hs256", "es256_refresh_vs_hs256"),
                AlgorithmComparison.figures(List.of(JwtAlgorithm.HS256, JwtAlgorithm.ES256)));
        assertEquals(List.of("eddsa_profile_rps", "eddsa_profile_vs_ping", "eddsa_profile_cold_rps",
                        "eddsa_profile_cold_vs_ping", "eddsa_login_rps", "eddsa_refresh_rps"),
                AlgorithmComparison.figures(List.of(JwtAlgorithm.EdDSA)), "no HS256 run, nothing to compare with");
    }
}
