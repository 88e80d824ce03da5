package dev.authservice.bootstrap.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.bootstrap.Authenticator;
import dev.authservice.bootstrap.Http;
import dev.authservice.bootstrap.TestUser;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The browser client in Chromium, with tokens that outlive each test: signing in, the profile and the orders, the
 * sessions, logging out. Expiry is in {@link TokenExpiryBrowserTest}.
 */
@MicronautTest
@Property(name = RequestLog.ENABLED, value = "true")
class WebClientBrowserTest {

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Inject
    EmbeddedServer server;

    @Inject
    RequestLog log;

    private Http api;
    private WebClient page;
    private String apiToken;

    @BeforeEach
    void openTheClient() {
        log.clear();
        api = new Http(server.getURI());
        page = new WebClient(browsers.open(server.getURI()));
    }

    /**
     * A 401 about a password the user typed, here a wrong current password, is no token problem: the client hands it
     * to its caller without a refresh or a retry (which would count a second guess), and the session lives on.
     */
    @Test
    void aWrongCurrentPasswordIsAnsweredWithoutARefreshAndTheSessionLivesOn() {
        page.signIn("alice", "alice-password");
        page.waitForSignedIn("alice");
        log.clear();

        Object status = page.browser().script("return import('/assets/auth.js')"
                + ".then(auth => auth.api('/api/user/password', {method: 'PUT',"
                + " headers: {'Content-Type': 'application/json'}, body: JSON.stringify("
                + "{currentPassword: 'not-her-password', newPassword: 'a long enough new passphrase'})}))"
                + ".then(response => response.status)");

        assertEquals(401L, status);
        assertEquals(1, log.count("PUT", "/api/user/password", 401), log.entries().toString());
        assertEquals(0, log.count("POST", "/api/refresh"), log.entries().toString());
        page.nextPage();
        page.waitForPageInfo("Page 2 of 3 · 30 orders");
    }

    @Test
    void aliceSignsInAndSeesHerProfileAndOrders() {
        page.signIn("alice", "alice-password");
        page.waitForSignedIn("alice");

        assertEquals("Alice (alice)", page.signedInAs());
        assertEquals("Alice", page.profile("nickname"));
        assertEquals("Sales", page.profile("department"));
        assertEquals("USER", page.profile("roles"));
        assertEquals("Page 1 of 3 · 30 orders", page.pageInfo());
        assertEquals(ordersFromTheApi("sort=createdAt,desc"), page.orderIds(), "newest first, ten to a page");

        assertEquals(List.of(0L, 0L, ""), page.browser().script(
                "return [localStorage.length, sessionStorage.length, document.cookie]"),
                "no token in storage, and no cookie the page can read");
        assertTrue(page.browser().consoleMessages().stream().noneMatch(m -> m.contains("Content Security Policy")),
                "nothing the CSP had to block: " + page.browser().consoleMessages());
    }

    @Test
    void aReloadRestoresTheSessionWithOneRefreshOfTheSecureCookie() {
        page.signIn("alice", "alice-password");
        page.waitForSignedIn("alice");
        log.clear();

        page.open();
        page.waitForSignedIn("alice");

        // The cookie is Secure and the page is plain http://localhost, which Chromium trusts as secure: it was kept
        // and sent, or this refresh would be 401.
        assertEquals(1, log.count("POST", "/api/refresh"), log.entries().toString());
        assertEquals(1, log.count("POST", "/api/refresh", 200), log.entries().toString());
    }

    @Test
    void theOrdersArePagedSortedAndFiltered() {
        page.signIn("alice", "alice-password");
        page.waitForSignedIn("alice");

        page.nextPage();
        page.waitForPageInfo("Page 2 of 3 · 30 orders");
        assertEquals(ordersFromTheApi("page=1&sort=createdAt,desc"), page.orderIds());
        page.nextPage();
        page.waitForPageInfo("Page 3 of 3 · 30 orders");
        assertFalse(page.canGoToNextPage(), "the last page has no next");
        page.previousPage();
        page.waitForPageInfo("Page 2 of 3 · 30 orders");

        page.sortBy("totalAmount");
        page.waitForSort("totalAmount", "descending");
        assertEquals("Page 1 of 3 · 30 orders", page.pageInfo(), "a new order starts at the first page");
        assertEquals(ordersFromTheApi("sort=totalAmount,desc"), page.orderIds());
        page.sortBy("totalAmount");
        page.waitForSort("totalAmount", "ascending");
        assertEquals(ordersFromTheApi("sort=totalAmount,asc"), page.orderIds());

        page.filterByStatus("PAID");
        page.waitForPageInfo("Page 1 of 1 · 6 orders");
        assertEquals(ordersFromTheApi("sort=totalAmount,asc&status=PAID"), page.orderIds());
        assertEquals(List.of("PAID"), page.orderStatuses().stream().distinct().toList());

        page.sortBy("status");
        page.waitForSort("status", "ascending");
        page.filterByStatus("");
        page.waitForPageInfo("Page 1 of 3 · 30 orders");
        assertEquals(ordersFromTheApi("sort=status,asc"), page.orderIds());
    }

    @Test
    void signingOutAnotherDeviceEndsThatSession() {
        String phone = "Phone " + UUID.randomUUID();
        Http.Answer other = api.logIn("alice", "alice-password", phone);
        assertEquals(200, other.status(), other.toString());
        page.signIn("alice", "alice-password");
        page.waitForSignedIn("alice");
        page.waitForSession(phone);

        page.signOutSession(phone);
        page.waitForNoSession(phone);

        assertEquals(1, log.entries().stream()
                .filter(entry -> entry.method().equals("DELETE") && entry.status() == 204).count(),
                log.entries().toString());
        Http.Answer refresh = api.refresh(other.refreshToken());
        assertEquals(401, refresh.status(), "the signed-out device cannot refresh: " + refresh);
        assertEquals("INVALID_REFRESH_TOKEN", refresh.errorCode());
        assertEquals("TOKEN_REVOKED",
                api.get("/api/user/profile", "Authorization", "Bearer " + other.accessToken()).errorCode());
        assertTrue(page.showsApp(), "this device stays signed in");
    }

    @Test
    void logoutShowsTheLoginFormAndTheOldAccessTokenIsRejected() {
        page.signIn("alice", "alice-password");
        page.waitForSignedIn("alice");
        String accessToken = log.lastBearer();

        page.logOut();
        page.waitForLoginForm("You are signed out.");

        assertEquals(1, log.count("POST", "/api/logout", 204), log.entries().toString());
        Http.Answer profile = api.get("/api/user/profile", "Authorization", "Bearer " + accessToken);
        assertEquals(401, profile.status());
        assertEquals("TOKEN_REVOKED", profile.errorCode());

        page.open();
        page.browser().visible("#login-form");
        assertFalse(page.showsApp(), "the cleared cookie restores nothing");
    }

    @Test
    void whenTheSessionEndsElsewhereTheNextClickShowsTheLoginFormWithAMessage() {
        page.signIn("alice", "alice-password");
        page.waitForSignedIn("alice");
        assertEquals(204, api.post("/api/logout", "", "Authorization", "Bearer " + log.lastBearer()).status());
        log.clear();

        page.nextPage();
        page.waitForLoginForm("Your session has ended. Please sign in again.");

        assertEquals(List.of("GET /api/user/orders 401", "POST /api/refresh 401"),
                log.entries().stream().map(RequestLog.Entry::toString).toList(), "one refresh, no retry");
    }

    @Test
    void aWrongPasswordShowsTheError() {
        page.signIn("bob", "not-bobs-password");

        page.waitForLoginForm("Wrong username or password.");
        assertFalse(page.showsApp());
        assertEquals(1, log.count("POST", "/api/login", 401));
    }

    /**
     * An account with a TOTP: the right password asks for the code of the app instead of signing in; a wrong code
     * asks again, and the right one signs in.
     */
    @Test
    void anAccountWithASecondFactorSignsInWithTheCodeOfItsApp() {
        TestUser user = TestUser.create(api);
        Http.Answer enrolment = api.post("/api/user/second-factor/totp", "", "Authorization", user.bearer());
        Authenticator app = Authenticator.of((String) enrolment.data().get("secret"));
        long confirmed = Authenticator.stepNow();
        assertEquals(200, api.postJson("/api/user/second-factor/totp/confirm", "{\"code\": \"" + app.code(confirmed)
                + "\"}", "Authorization", user.bearer()).status());

        page.signIn(user.username(), TestUser.PASSWORD);
        page.waitForSecondFactor("Enter the code your authenticator app shows now.");
        page.submitSecondFactor(app.code(confirmed - 10));
        page.waitForSecondFactor("That code is not right, or was used already. Try the next one.");
        page.submitSecondFactor(app.code(Math.max(confirmed + 1, Authenticator.stepNow())));

        page.browser().waitForText("#profile-username", user.username());
        assertEquals(1, log.count("POST", "/api/login", 401), log.entries().toString());
        assertEquals(1, log.count("POST", "/api/login/second-factor", 401), log.entries().toString());
        assertEquals(1, log.count("POST", "/api/login/second-factor", 200), log.entries().toString());
    }

    /** The order ids of a page of alice's orders, as the API gives them, ten to a page as the client asks. */
    private List<String> ordersFromTheApi(String query) {
        if (apiToken == null) {
            Http.Answer login = api.logIn("alice", "alice-password", "test");
            assertEquals(200, login.status(), login.toString());
            apiToken = login.accessToken();
        }
        return api.get("/api/user/orders?size=10&" + query, "Authorization", "Bearer " + apiToken).content()
                .stream()
                .map(order -> (String) order.get("id")).toList();
    }
}
