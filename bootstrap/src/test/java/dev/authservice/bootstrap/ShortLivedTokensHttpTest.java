package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * Tokens that expire within the test, by the clock rather than by forged claims. JWT times are whole seconds, so an
 * access token lives between ttl - 1s and ttl: the ttls leave a margin of seconds for a slow machine.
 */
@MicronautTest
@Property(name = "auth.access-token.ttl", value = "3s")
@Property(name = "auth.refresh-token.ttl", value = "5s")
@Property(name = "auth.jwt.clock-skew", value = "0s")
class ShortLivedTokensHttpTest {

    @Inject
    EmbeddedServer server;

    @Test
    void anExpiredAccessTokenIs401AndTheClientRefreshesAndRetriesOnce() throws InterruptedException {
        Http http = new Http(server.getURI());
        Http.Answer login = http.logIn("alice", "alice-password");
        Thread.sleep(3100);

        Http.Answer expired = http.get("/api/user/orders", "Authorization", "Bearer " + login.accessToken());
        assertEquals(401, expired.status());
        assertEquals("TOKEN_EXPIRED", expired.errorCode());
        assertTrue(expired.header("WWW-Authenticate").orElseThrow().contains("error=\"invalid_token\""));

        Http.Answer refreshed = http.refresh(login.refreshToken());
        assertEquals(200, refreshed.status(), refreshed.toString());
        assertEquals(200, http.get("/api/user/orders", "Authorization", "Bearer " + refreshed.accessToken()).status());
    }

    @Test
    void anExpiredRefreshTokenIsRejected() throws InterruptedException {
        Http http = new Http(server.getURI());
        String refreshToken = http.logIn("alice", "alice-password").refreshToken();
        Thread.sleep(5100);

        Http.Answer answer = http.refresh(refreshToken);

        assertEquals(401, answer.status());
        assertEquals("INVALID_REFRESH_TOKEN", answer.errorCode());
        assertTrue(answer.setCookies().get(0).contains("Max-Age=0"));
    }
}
