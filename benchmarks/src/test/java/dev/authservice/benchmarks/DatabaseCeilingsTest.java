package dev.authservice.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.benchmarks.rounds.Rounds;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DatabaseCeilingsTest {

    @Test
    void theCeilingOfRefreshVsDbIsPgbenchsCostOverTheLeastARefreshCosts() {
        Rounds rounds = new Rounds();
        Map.of(
                "refresh_db_machine_cpu_us", List.of(220.0, 230.0, 900.0),
                "refresh_jdbc_client_cpu_us", List.of(40.0, 45.0, 42.0),
                "refresh_jdbc_rest_cpu_us", List.of(210.0, 200.0, 215.0),
                "ping_service_cpu_us", List.of(18.0, 20.0, 17.0),
                "ping_loadgen_cpu_us", List.of(14.0, 15.0, 12.0))
                .forEach((name, values) -> values.forEach(value -> rounds.add(name, value)));
        // Medians: 230 / (42 + 210 + 18 + 14).
        assertEquals(230.0 / 284.0, DatabaseCeilings.refreshVsDbCeiling(rounds), 1e-9);
    }
}
