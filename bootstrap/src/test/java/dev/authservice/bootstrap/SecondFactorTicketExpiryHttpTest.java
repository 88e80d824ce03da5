package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** A login ticket is good for auth.second-factor.pending-login-ttl only, here one second. */
@MicronautTest
@Property(name = "auth.second-factor.pending-login-ttl", value = "1s")
class SecondFactorTicketExpiryHttpTest {

    private static final String PATH = "/api/user/second-factor/totp";

    @Inject
    EmbeddedServer server;

    @Test
    void anExpiredTicketIsRefusedEvenWithTheRightCode() throws InterruptedException {
        Http http = new Http(server.getURI());
        TestUser user = TestUser.create(http);
        Authenticator app = Authenticator.of((String) http.post(PATH, "", "Authorization", user.bearer()).data()
                .get("secret"));
        assertEquals(200, http.postJson(PATH + "/confirm", "{\"code\": \"" + app.code(Authenticator.stepNow() - 1)
                + "\"}", "Authorization", user.bearer()).status());
        Http.Answer login = http.logIn(user.username(), TestUser.PASSWORD);
        assertEquals(1, ((Number) login.data().get("expiresIn")).intValue());

        Thread.sleep(1100);

        assertError(http.postJson("/api/login/second-factor", "{\"ticket\": \"" + login.data().get("ticket")
                + "\", \"code\": \"" + app.code(Authenticator.stepNow()) + "\"}"), 401, "LOGIN_TICKET_INVALID");
    }
}
