package dev.authservice.bootstrap.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.bootstrap.Http;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** How the browser client's files are served, without a browser: where, as what, with which headers. */
@MicronautTest
class WebClientHttpTest {

    /** Images may be {@code data:} URLs too: the QR code of a TOTP enrolment is one. */
    static final String POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    @Inject
    EmbeddedServer server;

    private Http api;

    @BeforeEach
    void client() {
        api = new Http(server.getURI());
    }

    @Test
    void thePageAndItsFilesAreServedWithoutATokenUnderTheStrictPolicy() {
        assertServed("/", "text/html");
        assertServed("/index.html", "text/html");
        assertServed("/assets/app.js", "javascript");
        assertServed("/assets/auth.js", "javascript");
        assertServed("/assets/two-step.js", "javascript");
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

    /**
     * Swagger UI runs only its own files, and its page has no inline script: a {@code contextPath} in the query or a
     * cookie, which the page micronaut-openapi writes puts in front of its script URLs, is not read at all.
     */
    @Test
    void swaggerUiRunsOnlyItsOwnScripts() {
        Http.Answer page = api.get("/swagger-ui/index.html?contextPath=//evil.example");
        assertEquals(200, page.status());
        List<String> policy = List.of(page.header("Content-Security-Policy").orElse("").split("; "));
        assertTrue(policy.containsAll(List.of("default-src 'self'", "script-src 'self'", "object-src 'none'",
                "base-uri 'none'", "frame-ancestors 'none'")), policy.toString());
        assertFalse(Pattern.compile("<script(?![^>]*\\bsrc=)").matcher(page.body()).find(), "no inline script");
        assertFalse(page.body().contains("contextPath"), "nothing reads a context path");
        assertEquals(POLICY, api.get("/openapi/auth-service.yml").header("Content-Security-Policy").orElse(null),
                "the spec is no page: the strict policy");
    }

    @Test
    void theApiIsUnchangedBesideTheClient() {
        Http.Answer unknownApi = api.get("/api/no-such-thing");
        assertEquals(404, unknownApi.status());
        assertEquals("NOT_FOUND", unknownApi.errorCode());
        Http.Answer unknownFile = api.get("/assets/no-such-file.js");
        assertEquals(404, unknownFile.status());
        assertEquals("NOT_FOUND", unknownFile.errorCode());
        assertEquals(401, api.get("/api/user/profile").status(), "protected paths stay protected");
        assertEquals(200, api.get("/health").status());
    }

    @Test
    void theAnswersOfTheSecurityFilterCarryTheHeadersToo() {
        Http.Answer unauthorized = api.get("/api/user/profile");
        assertEquals(401, unauthorized.status());
        assertEquals("nosniff", unauthorized.header("X-Content-Type-Options").orElse(null));
        assertEquals("no-referrer", unauthorized.header("Referrer-Policy").orElse(null));
        assertEquals("no-store", unauthorized.header("Cache-Control").orElse(null));
    }

    private void assertServed(String path, String contentType) {
        Http.Answer answer = api.get(path);
        assertEquals(200, answer.status(), path);
        String type = answer.header("Content-Type").orElse("");
        assertTrue(type.contains(contentType), path + ": " + type);
        assertEquals(POLICY, answer.header("Content-Security-Policy").orElse(null), path);
        assertEquals("nosniff", answer.header("X-Content-Type-Options").orElse(null), path);
        assertEquals("no-referrer", answer.header("Referrer-Policy").orElse(null), path);
    }
}
