package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;

/** What the service's application.yml must hold. */
class ApplicationYmlTest {

    /**
     * Micronaut reads a key written twice as its last value only, so a second {@code auth.http} block would silently
     * drop the first one's settings.
     */
    @Test
    void everyKeyIsWrittenOnce() throws IOException {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        try (InputStream yml = getClass().getResourceAsStream("/application.yml")) {
            assertDoesNotThrow(() -> new Yaml(options).load(yml));
        }
    }

    /**
     * The clean-ups of the sessions and of the audit trail run only where their retention is set (so that a context
     * without it, a test's, runs none behind its back): the service's configuration sets both.
     */
    @Test
    void theRetentionsOfTheCleanUpsAreSet() throws IOException {
        try (InputStream yml = getClass().getResourceAsStream("/application.yml")) {
            Map<?, ?> auth = (Map<?, ?>) ((Map<?, ?>) new Yaml().load(yml)).get("auth");
            assertNotNull(((Map<?, ?>) auth.get("cleanup")).get("retention"), "auth.cleanup.retention");
            assertNotNull(((Map<?, ?>) auth.get("audit")).get("retention"), "auth.audit.retention");
        }
    }
}
