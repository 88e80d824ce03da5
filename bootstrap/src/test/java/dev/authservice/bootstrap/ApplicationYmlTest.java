package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * Micronaut reads a key written twice in application.yml as its last value only, so a second {@code auth.http}
 * block would silently drop the first one's settings; every key is written once.
 */
class ApplicationYmlTest {

    @Test
    void everyKeyIsWrittenOnce() throws IOException {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        try (InputStream yml = getClass().getResourceAsStream("/application.yml")) {
            assertDoesNotThrow(() -> new Yaml(options).load(yml));
        }
    }
}
