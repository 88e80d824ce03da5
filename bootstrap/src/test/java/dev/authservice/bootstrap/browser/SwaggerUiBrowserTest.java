package dev.authservice.bootstrap.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Swagger UI in Chromium, under its Content-Security-Policy: it shows the API, loads everything from this origin,
 * and whatever a link puts in {@code ?contextPath=} changes neither (the page micronaut-openapi writes put it in front
 * of its script URLs: {@code /} made them {@code //swagger-ui/res/...}, a script from a host named swagger-ui).
 */
@MicronautTest
class SwaggerUiBrowserTest {

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Inject
    EmbeddedServer server;

    @ParameterizedTest
    @ValueSource(strings = {"", "?contextPath=//evil.example", "?contextPath=/", "?contextPath=https://evil.example"})
    void showsTheApiFromItsOwnFilesOnly(String query) {
        Browser browser = browsers.open(server.getURI());
        browser.go("/swagger-ui/index.html" + query);

        browser.visible(".swagger-ui .information-container");
        browser.visible(".swagger-ui .opblock");
        @SuppressWarnings("unchecked")
        List<String> loaded = (List<String>) browser.script(
                "return performance.getEntriesByType('resource').map(entry => entry.name)");
        String origin = server.getURI().resolve("/").toString();
        assertTrue(loaded.stream().anyMatch(url -> url.endsWith("/swagger-ui/res/swagger-ui-bundle.js")),
                loaded.toString());
        assertEquals(List.of(), loaded.stream().filter(url -> !url.startsWith(origin) && !url.startsWith("data:"))
                .toList(), "everything from " + origin + " (or drawn from a data: URL)");
        List<String> console = browser.consoleMessages();
        assertTrue(console.stream().noneMatch(m -> m.contains("Content Security Policy")),
                "nothing the CSP had to block: " + console);
    }
}
