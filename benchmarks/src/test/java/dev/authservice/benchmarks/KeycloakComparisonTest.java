package dev.authservice.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.benchmarks.rounds.Rounds;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KeycloakComparisonTest {

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
                KeycloakComparison.FIGURES);
    }

    @Test
    void aRatioAgainstKeycloakIsTheServicesRateOverKeycloaksRoundByRound() {
        Rounds rounds = new Rounds();
        for (String side : List.of("authservice_login", "authservice_refresh", "authservice_profile",
                "keycloak_login", "keycloak_refresh", "keycloak_userinfo")) {
            List.of(3.0, 1.0, 2.0).forEach(value -> rounds.add(side + "_p99_ms", value));
            if (!side.endsWith("_login")) {
                List.of(10.0, 10.0, 10.0).forEach(value -> rounds.add(side + "_rps", value));
            }
        }
        List.of(100.0, 90.0, 95.0).forEach(value -> rounds.add("authservice_login_rps", value));
        List.of(50.0, 60.0, 45.0).forEach(value -> rounds.add("keycloak_login_rps", value));

        Map<String, Double> figures = KeycloakComparison.figuresOf(rounds);

        // Rounds of 2.0, 1.5 and 2.11; the medians alone, 95 / 50, would say 1.9.
        assertEquals(2.0, figures.get("login_vs_keycloak"), 1e-9);
        assertEquals(95.0, figures.get("authservice_login_rps"), 1e-9);
        assertEquals(50.0, figures.get("keycloak_login_rps"), 1e-9);
        assertEquals(2.0, figures.get("keycloak_userinfo_p99_ms"), 1e-9);
        assertEquals(1.0, figures.get("profile_vs_keycloak_userinfo"), 1e-9);
        assertEquals(KeycloakComparison.FIGURES.subList(0, 15), List.copyOf(figures.keySet()));
    }
}
