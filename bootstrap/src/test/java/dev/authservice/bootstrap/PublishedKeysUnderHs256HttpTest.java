package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Under HS256, the default, the key is a secret: nothing is published, and both paths answer 404 in the envelope. */
@MicronautTest
class PublishedKeysUnderHs256HttpTest {

    @Inject
    EmbeddedServer server;

    @Test
    void theKeysAndTheMetadataAreNotFound() {
        Http http = new Http(server.getURI());
        for (String path : List.of("/.well-known/jwks.json", "/.well-known/oauth-authorization-server")) {
            Http.Answer answer = http.get(path);
            assertEquals(404, answer.status(), path);
            assertEquals("NOT_FOUND", answer.errorCode(), path);
        }
    }
}
