package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.assertError;

import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The errors the framework answers before any controller runs, each with the status that names it and the envelope
 * with the code of that status. The contract's own rows (404, 405, 413, 415) are in {@link ContractHttpTest}.
 */
@MicronautTest
class FrameworkErrorsHttpTest {

    @Inject
    EmbeddedServer server;

    private Http http;
    private RawHttp raw;

    @BeforeEach
    void clients() {
        http = new Http(server.getURI());
        raw = new RawHttp(server.getURI());
    }

    @Test
    void headersOverTheLimitAreRequestHeaderFieldsTooLarge() {
        assertError(raw.send("GET /api/ping HTTP/1.1\r\nHost: localhost\r\nX-Padding: " + "a".repeat(20_000), ""),
                431, "REQUEST_HEADER_FIELDS_TOO_LARGE");
    }

    @Test
    void anOverLongUriIsUriTooLong() {
        assertError(raw.send("GET /api/ping?padding=" + "a".repeat(10_000) + " HTTP/1.1\r\nHost: localhost", ""),
                414, "URI_TOO_LONG");
    }

    @Test
    void anAnswerTheClientDoesNotAcceptIsNotAcceptable() {
        assertError(http.get("/api/ping", "Accept", "image/png"), 406, "NOT_ACCEPTABLE");
    }

    /** Micronaut's CORS filter refuses a foreign page's request to a service on localhost, by itself, with no body. */
    @Test
    void aForeignOriginRefusedByTheFrameworkGetsTheEnvelope() {
        assertError(http.get("/api/user/profile", "Origin", "https://evil.example"), 403, "FORBIDDEN");
    }
}
