package dev.authservice.bootstrap.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.bootstrap.Http;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** {@code auth.web-client.enabled=false}: no client, the rest of the service as before. */
@MicronautTest
@Property(name = "auth.web-client.enabled", value = "false")
class WebClientDisabledTest {

    @Inject
    EmbeddedServer server;

    @Test
    void thePageIsGoneAndTheApiAndItsDescriptionStay() {
        Http api = new Http(server.getURI());
        for (String path : new String[] {"/", "/index.html", "/assets/app.js"}) {
            Http.Answer answer = api.get(path);
            assertEquals(404, answer.status(), path);
            assertEquals("NOT_FOUND", answer.errorCode(), path);
        }
        assertEquals(200, api.logIn("alice", "alice-password", "test").status());
        assertEquals(200, api.get("/swagger-ui/index.html").status());
        assertEquals(200, api.get("/openapi/auth-service.yml").status());
        assertEquals(200, api.get("/health").status());
    }
}
