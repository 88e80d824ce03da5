package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.env.Environment;
import io.micronaut.runtime.server.EmbeddedServer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RFC 8414 metadata is cacheable ({@code Cache-Control: public}): what one request makes it say, a shared cache tells
 * every resource server that discovers the keys after it. So its URLs come from the configuration alone, and a request
 * naming another host, directly or through a forwarding header, changes nothing in it.
 */
class AuthorizationServerMetadataHttpTest {

    private static final String METADATA = "/.well-known/oauth-authorization-server";
    /** Every way a client can name a host: Micronaut's host resolution reads each of them. */
    private static final String FORGED_HOST = "X-Forwarded-Host: evil.example\r\nX-Forwarded-Proto: https\r\n"
            + "X-Forwarded-Port: 443\r\nForwarded: host=evil.example;proto=https";

    @TempDir
    Path keys;

    @Test
    void theConfiguredPublicUrlNamesTheKeysWhateverTheRequestSays() {
        withService(Map.of("auth.public-url", "https://auth.example.com/"), server -> {
            Http.Answer metadata = new RawHttp(server.getURI())
                    .send("GET " + METADATA + " HTTP/1.1\r\nHost: evil.example\r\n" + FORGED_HOST, "");

            assertEquals(200, metadata.status(), metadata.toString());
            assertEquals("https://auth.example.com/.well-known/jwks.json", metadata.json().get("jwks_uri"));
            assertEquals("auth-service", metadata.json().get("issuer"), "the issuer stays the tokens' iss");
            assertEquals("public, max-age=300", metadata.header("Cache-Control").orElseThrow());
        });
    }

    @Test
    void anIssuerThatIsAUrlIsThePublicUrlWhenNoneIsConfigured() {
        withService(Map.of("auth.jwt.issuer", "https://auth.example.com"), server -> {
            Http.Answer metadata = new RawHttp(server.getURI())
                    .send("GET " + METADATA + " HTTP/1.1\r\nHost: evil.example\r\n" + FORGED_HOST, "");

            assertEquals("https://auth.example.com", metadata.json().get("issuer"));
            assertEquals("https://auth.example.com/.well-known/jwks.json", metadata.json().get("jwks_uri"));
        });
    }

    /** Outside dev nothing else names the service: no metadata, rather than one built on what the request says. */
    @Test
    void withoutAPublicUrlTheMetadataIsNotFoundAndTheKeysAreStillServed() {
        withService(Map.of(), server -> {
            RawHttp raw = new RawHttp(server.getURI());
            assertError(raw.send("GET " + METADATA + " HTTP/1.1\r\nHost: evil.example\r\n" + FORGED_HOST, ""), 404,
                    "NOT_FOUND");
            assertEquals(200, new Http(server.getURI()).get("/.well-known/jwks.json").status());
        });
    }

    /** dev, and so a trial started with no environment named: where the README reaches it, on the configured port. */
    @Test
    void inDevelopmentThePublicUrlIsLocalhostOnTheConfiguredPort() {
        int port = OwnService.freePort();
        withService(Map.of("micronaut.server.port", port), server -> {
            Http.Answer metadata = new RawHttp(server.getURI())
                    .send("GET " + METADATA + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n" + FORGED_HOST, "");

            assertEquals(200, metadata.status(), metadata.toString());
            assertEquals("http://localhost:" + port + "/.well-known/jwks.json", metadata.json().get("jwks_uri"));
        }, Environment.DEVELOPMENT);
    }

    @Test
    void aPublicUrlThatIsNotOneStopsTheStart() {
        for (String url : new String[] {"auth.example.com", "ftp://auth.example.com", "https://auth.example.com/?a=b",
                "https://user@auth.example.com"}) {
            String refusal = OwnService.refusedStart(es256(Map.of("auth.public-url", url))).getMessage();
            assertTrue(refusal.startsWith("auth.public-url (AUTH_PUBLIC_URL): '" + url + "' is not a public URL"),
                    refusal);
        }
    }

    /** The service signing with ES256 and {@code properties}, in the test environment and {@code environments}. */
    private void withService(Map<String, Object> properties, Consumer<EmbeddedServer> test, String... environments) {
        OwnService.with(es256(properties), test, environments);
    }

    private Map<String, Object> es256(Map<String, Object> properties) {
        Map<String, Object> all = new HashMap<>(properties);
        all.put("auth.jwt.algorithm", "ES256");
        all.put("auth.jwt.development-key-directory", keys.toString());
        return all;
    }
}
