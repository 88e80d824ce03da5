package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A page of another site may make a visitor's browser send requests here: a form posts without a preflight, and
 * {@code fetch} with {@code mode: 'no-cors'} sends a body without a {@code Content-Type} of its choosing. Such
 * requests are refused before any controller runs, so they count no failed login and change nothing. Requests that
 * name no site at all (curl, servers) are not browsers' and go through.
 */
@MicronautTest
@Property(name = "auth.http.allowed-origins", value = "https://app.example")
@Property(name = "auth.login.max-failures", value = "3")
class CrossSiteRequestsHttpTest {

    private static final String ALICE = "{\"username\":\"alice\",\"password\":\"alice-password\"}";
    private static final String SEC_FETCH_SITE = "Sec-Fetch-Site";
    private static final String CROSS_SITE = "cross-site";
    private static final String WRONG_PASSWORD = "{\"username\":\"alice\",\"password\":\"not-her-password\"}";

    @Inject
    EmbeddedServer server;

    private Http http;
    private RawHttp raw;

    @BeforeEach
    void clients() {
        http = new Http(server.getURI());
        raw = new RawHttp(server.getURI());
    }

    /** As a browser on another host would send it, to this service under the name {@code auth.example}. */
    private Http.Answer logInAtAuthExample(String body, String... headers) {
        return raw.send("POST /api/login HTTP/1.1\r\nHost: auth.example\r\nContent-Type: application/json"
                + (headers.length == 0 ? "" : "\r\n" + String.join("\r\n", headers)), body);
    }

    @Test
    void aJsonBodyWithoutAContentTypeIsRefusedAndNotReadAsJson() {
        assertError(http.post("/api/login", ALICE), 415, "UNSUPPORTED_MEDIA_TYPE");
        TestUser user = TestUser.create(http);
        String order = "{\"reference\":\"R-1\",\"totalAmount\":\"1.00\",\"currency\":\"EUR\"}";
        assertError(http.post("/api/user/orders", order, "Authorization", user.bearer()), 415, "UNSUPPORTED_MEDIA_TYPE");
    }

    @Test
    void aFormOrPlainTextBodyIsRefusedWhereNoBodyIsExpectedToo() {
        assertError(http.post("/api/refresh", "a=b", "Content-Type", "application/x-www-form-urlencoded"), 415,
                "UNSUPPORTED_MEDIA_TYPE");
        assertError(http.post("/api/logout", "a", "Content-Type", "text/plain"), 415, "UNSUPPORTED_MEDIA_TYPE");
    }

    @Test
    void jsonWithACharsetAndBodilessPostsWithoutAContentTypeGoThrough() {
        assertEquals(200, http.post("/api/login", ALICE, "Content-Type", "application/json; charset=utf-8").status());
        assertError(http.post("/api/refresh", ""), 401, "INVALID_REFRESH_TOKEN");
    }

    /** Sent by a browser that says where the page is, without an Origin (browsers send both; this checks each). */
    @ParameterizedTest
    @ValueSource(strings = {"cross-site", "same-site"})
    void aLogInFromAPageOfAnotherSiteIsForbiddenAndCountsNoFailure(String fetchSite) {
        for (int i = 0; i < 4; i++) {
            assertError(http.postJson("/api/login", WRONG_PASSWORD, SEC_FETCH_SITE, fetchSite), 403, "FORBIDDEN");
        }
        assertEquals(200, http.postJson("/api/login", ALICE).status(), "no failure was counted");
    }

    @Test
    void everyStateChangingPathRefusesAPageOfAnotherSite() {
        TestUser user = TestUser.create(http);
        String admin = "Bearer " + http.logIn("bob", "bob-password").accessToken();
        assertError(http.post("/api/logout", "", "Authorization", user.bearer(), SEC_FETCH_SITE, CROSS_SITE), 403,
                "FORBIDDEN");
        assertError(http.putJson("/api/user/password", "{\"currentPassword\":\"x\",\"newPassword\":\"y\"}",
                "Authorization", user.bearer(), SEC_FETCH_SITE, CROSS_SITE), 403, "FORBIDDEN");
        assertError(http.delete("/api/user/sessions/" + UUID.randomUUID(), "Authorization", user.bearer(),
                SEC_FETCH_SITE, CROSS_SITE), 403, "FORBIDDEN");
        assertError(http.post("/api/admin/users/" + user.userId() + "/disable", "", "Authorization", admin,
                SEC_FETCH_SITE, CROSS_SITE), 403, "FORBIDDEN");

        assertEquals(200, http.get("/api/user/profile", "Authorization", user.bearer()).status(),
                "the user was neither logged out nor disabled");
        assertEquals(200, http.get("/api/user/profile", "Authorization", user.bearer(), SEC_FETCH_SITE, CROSS_SITE)
                .status(), "reading is not refused: the page cannot read the answer");
    }

    @Test
    void theServicesOwnPagesMayLogIn() {
        assertEquals(200, http.postJson("/api/login", ALICE, SEC_FETCH_SITE, "same-origin").status());
        assertEquals(200, logInAtAuthExample(ALICE, "Origin: https://auth.example").status());
        assertEquals(200, logInAtAuthExample(ALICE, "Origin: http://AUTH.example").status(),
                "the scheme is left to the proxy in front; the host is compared without case");
    }

    /** Without Sec-Fetch-Site (older browsers) the Origin says it: neither this host nor an allowed origin. */
    @ParameterizedTest
    @ValueSource(strings = {"https://evil.example", "null", "https://auth.example.evil.example",
            "https://auth.example:8443", "not an origin"})
    void aLogInFromAnotherOriginIsForbiddenAndCountsNoFailure(String origin) {
        for (int i = 0; i < 4; i++) {
            assertError(logInAtAuthExample(WRONG_PASSWORD, "Origin: " + origin), 403, "FORBIDDEN");
        }
        assertEquals(200, logInAtAuthExample(ALICE).status(), "no failure was counted");
    }

    @Test
    void anAllowedOriginMayLogInFromAnotherSite() {
        Http.Answer answer = logInAtAuthExample(ALICE, "Origin: https://app.example", "Sec-Fetch-Site: same-site");
        assertEquals(200, answer.status(), answer.toString());
    }

    @Test
    void aRefreshFromAnotherOriginRotatesNothing() {
        String token = http.logIn("alice", "alice-password").refreshToken();

        Http.Answer forbidden = raw.send("POST /api/refresh HTTP/1.1\r\nHost: auth.example\r\n"
                + "Origin: https://evil.example\r\nCookie: refreshToken=" + token, "");

        assertError(forbidden, 403, "FORBIDDEN");
        assertTrue(forbidden.setCookies().isEmpty(), forbidden.setCookies().toString());
        assertEquals(200, http.refresh(token).status(), "the token was neither rotated nor revoked");
    }
}
