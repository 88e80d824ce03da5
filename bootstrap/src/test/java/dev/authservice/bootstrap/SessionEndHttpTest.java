package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jwt.JWTClaimsSet;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.text.ParseException;
import org.junit.jupiter.api.Test;

/**
 * No access token outlives its session: one issued by a refresh shortly before the session's absolute end expires
 * with it, not a whole access-token lifetime later. Sessions live four seconds here, access tokens the usual minutes.
 */
@MicronautTest
@Property(name = "auth.session.max-lifetime", value = "4s")
@Property(name = "auth.jwt.clock-skew", value = "0s")
class SessionEndHttpTest {

    @Inject
    EmbeddedServer server;

    private static JWTClaimsSet claims(String accessToken) {
        try {
            return JWTClaimsSet.parse(Tokens.payload(accessToken));
        } catch (ParseException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aTokenRefreshedNearTheSessionsEndExpiresWithIt() throws InterruptedException {
        Http http = new Http(server.getURI());
        Http.Answer login = http.logIn("alice", "alice-password");
        long sessionEnd = claims(login.accessToken()).getIssueTime().toInstant().getEpochSecond() + 4;
        Thread.sleep(2000);

        String refreshed = http.refresh(login.refreshToken()).accessToken();

        assertTrue(claims(refreshed).getExpirationTime().toInstant().getEpochSecond() <= sessionEnd,
                claims(refreshed).toString());
        assertEquals(200, http.get("/api/user/profile", "Authorization", "Bearer " + refreshed).status());
        Thread.sleep(3100);
        assertError(http.get("/api/user/profile", "Authorization", "Bearer " + refreshed), 401, "TOKEN_EXPIRED");
    }
}
