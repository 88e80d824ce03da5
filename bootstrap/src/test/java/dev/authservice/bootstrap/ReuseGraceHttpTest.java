package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * Graceful rotation, opted into: a client that lost a refresh's answer, or a second tab, presents the rotated token
 * again within the grace and gets the very successor and a fresh access token; a third presentation is reuse, which
 * ends the session, successor and all.
 */
@MicronautTest
@Property(name = "auth.refresh-token.reuse-grace", value = "60s")
@Property(name = "auth.refresh-token.reuse-grace-key", value = "q8Zr1m2Vx0h3cD5P7s9kLwY4tJ6nB1aE8uQ2fG0iR3o=")
class ReuseGraceHttpTest {

    @Inject
    EmbeddedServer server;

    @Test
    void aRotatedTokenPresentedAgainWithinTheGraceGetsTheSameSuccessorOnce() {
        Http http = new Http(server.getURI());
        String first = http.logIn("alice", "alice-password").refreshToken();

        Http.Answer refreshed = http.refresh(first);
        Http.Answer repeated = http.refresh(first);

        assertEquals(200, refreshed.status(), refreshed.toString());
        assertEquals(200, repeated.status(), repeated.toString());
        assertEquals(refreshed.refreshToken(), repeated.refreshToken(), "one successor, never a second branch");
        assertNotEquals(refreshed.accessToken(), repeated.accessToken());
        assertEquals(200, http.get("/api/user/orders", "Authorization", "Bearer " + repeated.accessToken()).status());

        assertEquals(401, http.refresh(first).status(), "a second repeat is reuse");
        assertEquals(401, http.refresh(refreshed.refreshToken()).status(), "reuse ended the session");
    }
}
