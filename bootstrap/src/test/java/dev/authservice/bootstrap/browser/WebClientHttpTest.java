package dev.authservice.bootstrap.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** How the browser client's files are served, without a browser: where, as what, with which headers. */
@MicronautTest
class WebClientHttpTest {

    static final String POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
            + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    @Inject
    EmbeddedServer server;

    private Api api;

    @BeforeEach
    void client() {
        api = new Api(server.getURI());
    }

    @Test
    void thePageAndItsFilesAreServedWithoutATokenUnderTheStrictPolicy() {
        assertServed("/", "text/html");
        assertServed("/index.html", "text/html");
        assertServed("/assets/app.js", "javascript");
        assertServed("/assets/auth.js", "javascript");
        assertServed("/assets/styles.css", "text/css");
        assertServed("/assets/favicon.svg", "image/svg+xml");
    }

    @Test
    void thePageHasNoInlineScriptOrStyleAndLoadsNothingFromOutside() {
        String html = api.get("/").body();
        assertFalse(Pattern.compile("<script(?![^>]*\\bsrc=)").matcher(html).find(), "no inline script");
        assertFalse(Pattern.compile("(?i)<style|\\sstyle=|\\son[a-z]+=").matcher(html).find(),
                "no inline style or event handler");
        assertFalse(Pattern.compile("(?i)(https?:)?//[a-z0-9.-]+\\.[a-z]{2,}").matcher(html).find(),
                "nothing from another origin");
    }

    @Test
    void swaggerUiAndTheSpecKeepTheirInlineScriptAllowed() {
        for (String path : new String[] {"/swagger-ui/index.html", "/openapi/auth-service.yml"}) {
            Api.Answer answer = api.get(path);
            assertEquals(200, answer.status(), path);
            assertNull(answer.header("Content-Security-Policy"), path);
            assertEquals("nosniff", answer.header("X-Content-Type-Options"), path);
        }
    }

    @Test
    void theApiIsUnchangedBesideTheClient() {
        Api.Answer unknownApi = api.get("/api/no-such-thing");
        assertEquals(404, unknownApi.status());
        assertEquals("NOT_FOUND", unknownApi.errorCode());
        Api.Answer unknownFile = api.get("/assets/no-such-file.js");
        assertEquals(404, unknownFile.status());
        assertEquals("NOT_FOUND", unknownFile.errorCode());
        assertEquals(401, api.get("/api/user/profile").status(), "protected paths stay protected");
        assertEquals(200, api.get("/health").status());
    }

    @Test
    void theAnswersOfTheSecurityFilterCarryTheHeadersToo() {
        Api.Answer unauthorized = api.get("/api/user/profile");
        assertEquals(401, unauthorized.status());
        assertEquals("nosniff", unauthorized.header("X-Content-Type-Options"));
        assertEquals("no-referrer", unauthorized.header("Referrer-Policy"));
        assertEquals("no-store", unauthorized.header("Cache-Control"));
    }

    private void assertServed(String path, String contentType) {
        Api.Answer answer = api.get(path);
        assertEquals(200, answer.status(), path);
        assertTrue(answer.header("Content-Type").contains(contentType), path + ": " + answer.header("Content-Type"));
        assertEquals(POLICY, answer.header("Content-Security-Policy"), path);
        assertEquals("nosniff", answer.header("X-Content-Type-Options"), path);
        assertEquals("no-referrer", answer.header("Referrer-Policy"), path);
    }
}
