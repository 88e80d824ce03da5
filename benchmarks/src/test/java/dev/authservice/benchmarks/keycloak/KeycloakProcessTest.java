package dev.authservice.benchmarks.keycloak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeycloakProcessTest {

    private final List<String> arguments = KeycloakProcess.arguments(18080,
            "jdbc:postgresql://127.0.0.1:5432/auth_bench_1", "postgres");

    @Test
    void keycloakStartsInProductionModeOnLoopbackWithoutACluster() {
        assertEquals("start", arguments.get(0), "production mode, not start-dev");
        assertTrue(arguments.containsAll(List.of("--http-enabled=true", "--http-host=127.0.0.1", "--http-port=18080",
                "--cache=local")), arguments.toString());
    }

    @Test
    void itKeepsItsDataInTheRunsPostgresqlDatabase() {
        assertTrue(arguments.containsAll(List.of("--db=postgres",
                "--db-url=jdbc:postgresql://127.0.0.1:5432/auth_bench_1", "--db-username=postgres")),
                arguments.toString());
    }

    @Test
    void itExportsNothingAndLetsConcurrentLoginsOfOneUserThrough() {
        assertTrue(arguments.containsAll(List.of("--health-enabled=false", "--metrics-enabled=false",
                "--tracing-enabled=false",
                "--spi-brute-force-protector--default-brute-force-detector--allow-concurrent-requests=true")),
                arguments.toString());
    }

    @Test
    void theVersionIsReadFromTheDistribution(@TempDir Path home) throws IOException {
        Files.writeString(home.resolve("version.txt"), "Keycloak - Version 26.7.3\n");

        assertEquals("26.7.3", KeycloakProcess.version(home));
        assertEquals("(unknown version)", KeycloakProcess.version(home.resolve("missing")));
    }
}
