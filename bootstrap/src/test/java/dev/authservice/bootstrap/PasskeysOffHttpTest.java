package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.assertError;

import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** With passkeys off the service starts as before, and their paths do not exist. */
@MicronautTest
@Property(name = "auth.webauthn.enabled", value = "false")
class PasskeysOffHttpTest {

    @Inject
    EmbeddedServer server;

    @Test
    void thePathsOfPasskeysAreNotFound() {
        Http http = new Http(server.getURI());
        TestUser carol = TestUser.create(http);

        assertError(http.post("/api/user/passkeys/registration-options", "", "Authorization", carol.bearer()), 404,
                "NOT_FOUND");
        assertError(http.get("/api/user/passkeys", "Authorization", carol.bearer()), 404, "NOT_FOUND");
        String admin = "Bearer " + http.logIn("bob", "bob-password").accessToken();
        assertError(http.get("/api/admin/users/" + carol.userId() + "/passkeys", "Authorization", admin), 404,
                "NOT_FOUND");
    }
}
