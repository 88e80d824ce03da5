package dev.authservice.bootstrap.browser;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.authservice.bootstrap.Http;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Takes the README's screenshots of the browser client and of Swagger UI. Not a test (its name keeps it out of the
 * suite): run only when asked, {@code -Dtest=DocsScreenshots -Ddocs.screenshots=<directory>} (docs/web-client.md);
 * without the directory it fails rather than skips.
 */
@MicronautTest
class DocsScreenshots {

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Inject
    EmbeddedServer server;

    @Test
    void takeTheScreenshots() {
        String target = System.getProperty("docs.screenshots");
        assertNotNull(target, "-Ddocs.screenshots=<directory> says where the screenshots go");
        Path directory = Path.of(target);
        new Http(server.getURI()).logIn("alice", "alice-password", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac "
                + "OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1");
        Browser browser = browsers.open(server.getURI());
        WebClient page = new WebClient(browser);
        page.signIn("alice", "alice-password");
        page.waitForSignedIn("alice");
        page.waitForSession("Safari on iOS");
        browser.script("document.activeElement.blur()");
        // Tall enough for every panel of the signed-in page, down to the sessions.
        browser.resize(1280, 1300);
        browser.screenshot(directory.resolve("web-client.png"));

        browser.resize(1280, 900);
        browser.go("/swagger-ui/");
        browser.visible(".swagger-ui .information-container");
        browser.visible(".swagger-ui .opblock");
        browser.screenshot(directory.resolve("swagger-ui.png"));
    }
}
