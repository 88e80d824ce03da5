package dev.authservice.benchmarks;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OptionsTest {

    private static final Optional<String> POSTGRES = Optional.of("jdbc:postgresql://127.0.0.1:5432/postgres");

    @Test
    void keycloakIsLeftOutUnlessNamed() {
        Options options = Options.parse("--jdk25", "none");

        assertEquals(Optional.empty(), options.keycloak());
        assertDoesNotThrow(() -> options.checkDatabase(Optional.empty()), "the default run needs no PostgreSQL");
    }

    @Test
    void keycloakIsTheUnpackedDistributionNamed(@TempDir Path home) throws IOException {
        script(home);

        assertEquals(Optional.of(home), Options.parse("--keycloak", home.toString()).keycloak());
        assertEquals(Optional.of(home), Options.parse("--keycloak=" + home).keycloak());
    }

    @Test
    void aDirectoryWithoutKeycloaksScriptIsRefusedWithTheCommandThatUnpacksIt(@TempDir Path empty) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Options.parse("--keycloak", empty.toString()));

        assertTrue(refused.getMessage().contains("no bin/kc.sh in " + empty), refused.getMessage());
        assertTrue(refused.getMessage().contains("-Pkeycloak"), refused.getMessage());
    }

    @Test
    void keycloakIsMeasuredOnPostgresqlOnly(@TempDir Path home) throws IOException {
        script(home);
        Options options = Options.parse("--keycloak", home.toString());

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> options.checkDatabase(Optional.empty()));
        assertTrue(refused.getMessage().contains("DATASOURCES_DEFAULT_URL"), refused.getMessage());
        assertDoesNotThrow(() -> options.checkDatabase(POSTGRES));
    }

    @Test
    void aBaselineIsAJarThatExists(@TempDir Path directory) throws IOException {
        Path jar = Files.createFile(directory.resolve("earlier.jar"));

        assertEquals(Optional.empty(), Options.parse("--jdk25", "none").baseline());
        assertEquals(Optional.of(jar), Options.parse("--jdk25", "none", "--baseline", jar.toString()).baseline());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Options.parse("--jdk25", "none", "--baseline", directory.resolve("none.jar").toString()));
        assertTrue(refused.getMessage().contains("--baseline: no service jar at"), refused.getMessage());
    }

    @Test
    void theHelpNamesTheKeycloakFlag() {
        IllegalArgumentException help = assertThrows(IllegalArgumentException.class, () -> Options.parse("--help"));

        assertTrue(help.getMessage().contains("--keycloak DIR"), help.getMessage());
    }

    private static void script(Path home) throws IOException {
        Path script = Files.createDirectories(home.resolve("bin")).resolve("kc.sh");
        Files.writeString(script, "#!/bin/sh\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
    }
}
