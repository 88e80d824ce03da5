package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.env.Environment;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DNS rebinding: a page of {@code rebind.example} whose name then resolves to 127.0.0.1 has the visitor's browser send
 * its requests to the service on the visitor's machine, and reads the answers as its own. In {@code dev}, and so in the
 * README's trial with bob's published password, the service answers only to the loopback names; a deployment lists
 * its own. The browser still writes the page's name in {@code Host}, which is what the service checks.
 */
@MicronautTest(environments = Environment.DEVELOPMENT)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HostNamesHttpTest implements TestPropertyProvider {

    private static final String BOB = "{\"username\":\"bob\",\"password\":\"bob-password\"}";

    private final int managementPort = OwnService.freePort();

    @Inject
    EmbeddedServer server;

    private RawHttp raw;

    @Override
    public Map<String, String> getProperties() {
        return Map.of("auth.management.port", String.valueOf(managementPort));
    }

    @BeforeEach
    void client() {
        raw = new RawHttp(server.getURI());
    }

    @Test
    void aPageOnARebindingNameNeitherLogsInNorReadsTheUsers() {
        Http.Answer login = raw.send("POST /api/login HTTP/1.1\r\nHost: rebind.example:" + server.getPort()
                + "\r\nContent-Type: application/json\r\nSec-Fetch-Site: same-origin", BOB);
        assertError(login, 421, "MISDIRECTED_REQUEST");
        assertTrue(login.setCookies().isEmpty(), login.setCookies().toString());

        String admin = new Http(server.getURI()).logIn("bob", "bob-password").accessToken();
        assertError(raw.send("GET /api/admin/users HTTP/1.1\r\nHost: rebind.example:" + server.getPort()
                + "\r\nAuthorization: Bearer " + admin, ""), 421, "MISDIRECTED_REQUEST");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "/index.html", "/health", "/api/ping", "/.well-known/jwks.json",
            "/openapi/auth-service.yml", "/swagger-ui/index.html", "/no-such-path"})
    void everyPathOfTheApiPortIsChecked(String path) {
        assertError(raw.send("GET " + path + " HTTP/1.1\r\nHost: rebind.example", ""), 421, "MISDIRECTED_REQUEST");
    }

    @ParameterizedTest
    @ValueSource(strings = {"localhost", "LocalHost:8080", "127.0.0.1:1", "[::1]:443", "[::1]"})
    void theLoopbackNamesAreAnsweredOnAnyPortInAnyCase(String host) {
        assertEquals(200, raw.send("GET /api/ping HTTP/1.1\r\nHost: " + host, "").status(), host);
    }

    /** Probes and scrapers name the pod's address: the management endpoints answer whatever the Host. */
    @Test
    void theManagementEndpointsAnswerAnyHost() {
        RawHttp management = new RawHttp(URI.create("http://127.0.0.1:" + managementPort));
        for (String path : new String[] {"/health/liveness", "/health/readiness", "/prometheus"}) {
            Http.Answer answer = management.send("GET " + path + " HTTP/1.1\r\nHost: 10.1.2.3:" + managementPort, "");
            assertEquals(200, answer.status(), path + " " + answer);
        }
    }

    /** RFC 9112 §3.2; HTTP/1.0 came before Host and names no other host by leaving it out. */
    @Test
    void anHttp11RequestMustNameItsHostOnce() {
        assertError(raw.send("GET /api/ping HTTP/1.1", ""), 400, "INVALID_INPUT");
        assertError(raw.send("GET /api/ping HTTP/1.1\r\nHost: localhost\r\nHost: rebind.example", ""), 400,
                "INVALID_INPUT");
        assertEquals(200, raw.send("GET /api/ping HTTP/1.0", "").status());
        assertError(raw.send("GET /api/ping HTTP/1.0\r\nHost: rebind.example", ""), 421, "MISDIRECTED_REQUEST");
    }

    /** RFC 9112 §3.2.2: a target in absolute form names the host, and Host is ignored. */
    @Test
    void anAbsoluteTargetNamesTheHost() {
        assertError(raw.send("GET http://rebind.example/api/ping HTTP/1.1\r\nHost: localhost", ""), 421,
                "MISDIRECTED_REQUEST");
        assertEquals(200, raw.send("GET http://localhost/api/ping HTTP/1.1\r\nHost: localhost", "").status());
    }

    @Test
    void configuredNamesReplaceTheLoopbackOnes() {
        OwnService.with(Map.of("auth.http.host-names", "Auth.Example.com,[2001:db8::1]"), server -> {
            RawHttp configured = new RawHttp(server.getURI());
            for (String host : new String[] {"auth.example.com", "AUTH.example.com:443", "[2001:DB8::1]:8080"}) {
                assertEquals(200, configured.send("GET /api/ping HTTP/1.1\r\nHost: " + host, "").status(), host);
            }
            assertError(configured.send("GET /api/ping HTTP/1.1\r\nHost: localhost", ""), 421, "MISDIRECTED_REQUEST");
        });
    }

    /** Outside dev only the deployment knows its names: until it lists them, any Host is answered. */
    @Test
    void withoutNamesAnyHostIsAnsweredOutsideDev() {
        OwnService.with(Map.of(), server ->
                assertEquals(200, new RawHttp(server.getURI()).send("GET /api/ping HTTP/1.1\r\nHost: rebind.example",
                        "").status()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"auth.example.com:8443", "https://auth.example.com", "::1", "*.example.com"})
    void anEntryThatIsNotAHostNameStopsTheStart(String entry) {
        String refusal = OwnService.refusedStart(Map.of("auth.http.host-names", "localhost," + entry)).getMessage();
        assertTrue(refusal.startsWith("auth.http.host-names (AUTH_HTTP_HOST_NAMES): '"), refusal);
    }
}
