package dev.authservice.bootstrap.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Access tokens that expire within the test, by the clock: the client refreshes once and retries once, and windows
 * of one browser share that one refresh. JWT times are whole seconds, so a token lives at most its ttl: waiting a
 * little longer than the ttl after the page has its data is enough.
 */
@MicronautTest
@Property(name = "auth.access-token.ttl", value = "6s")
@Property(name = "auth.jwt.clock-skew", value = "0s")
@Property(name = RequestLog.ENABLED, value = "true")
class TokenExpiryBrowserTest {

    /**
     * A little past the ttl, which leaves a second window the time to load the page on a busy machine before the
     * token it shares expires.
     */
    private static final long PAST_THE_TTL_MS = 6200;

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Inject
    EmbeddedServer server;

    @Inject
    RequestLog log;

    @BeforeEach
    void clearTheLog() {
        log.clear();
    }

    @Test
    void anExpiredTokenIsRefreshedOnceAndTheRequestRetriedOnce() throws InterruptedException {
        WebClient page = new WebClient(browsers.open(server.getURI()));
        page.signIn("alice", "alice-password");
        page.waitForSignedIn("alice");
        log.clear();

        Thread.sleep(PAST_THE_TTL_MS);
        page.nextPage();
        page.waitForPageInfo("Page 2 of 3 · 30 orders");

        assertEquals(List.of("GET /api/user/orders 401", "POST /api/refresh 200", "GET /api/user/orders 200"),
                entries());
    }

    @Test
    void twoWindowsWhoseTokensExpireAtOnceShareOneRefreshAndTheSessionLivesOn() throws InterruptedException {
        Browser browser = browsers.open(server.getURI());
        WebClient first = new WebClient(browser);
        first.signIn("alice", "alice-password");
        first.waitForSignedIn("alice");
        String firstWindow = browser.currentWindow();
        log.clear();

        String secondWindow = browser.openWindow();
        WebClient second = new WebClient(browser);
        second.open();
        second.waitForSignedIn("alice");
        assertEquals(0, log.count("POST", "/api/refresh"), "the new window took the token of the first: " + entries());
        log.clear();

        // Both windows click at the same moment, after their shared token has expired: the first asks for one
        // page, the second reloads everything (six requests at once: profile, orders, sessions, second factors,
        // passkeys, email address).
        Thread.sleep(PAST_THE_TTL_MS);
        Number at = (Number) browser.script("return Date.now() + 300;");
        browser.script(clickAt("reload"), at);
        browser.switchTo(firstWindow);
        browser.script(clickAt("next-page"), at);

        first.waitForPageInfo("Page 2 of 3 · 30 orders");
        browser.waitUntil("the second window's six requests were retried", driver ->
                log.count("GET", "/api/user/profile", 200) == 1 && log.count("GET", "/api/user/sessions", 200) == 1
                        && log.count("GET", "/api/user/second-factor", 200) == 1
                        && log.count("GET", "/api/user/passkeys", 200) == 1
                        && log.count("GET", "/api/user/email", 200) == 1
                        && log.count("GET", "/api/user/orders", 200) == 2);
        assertEquals(1, log.count("POST", "/api/refresh"), "one refresh for both windows: " + entries());
        assertEquals(1, log.count("POST", "/api/refresh", 200), entries().toString());
        assertEquals(7, log.entries().stream().filter(entry -> entry.status() == 401).count(),
                "all seven requests went out with the expired token, and each was retried once: " + entries());
        browser.switchTo(secondWindow);
        assertTrue(second.showsApp() && !second.showsLoginForm(), "the second window is still signed in");

        // No refresh token was presented twice, or reuse detection would have ended the session by now.
        log.clear();
        Thread.sleep(PAST_THE_TTL_MS);
        second.nextPage();
        second.waitForPageInfo("Page 2 of 3 · 30 orders");
        assertEquals(List.of("GET /api/user/orders 401", "POST /api/refresh 200", "GET /api/user/orders 200"),
                entries());
    }

    /** A script that clicks the button with this id at the given {@code Date.now()} time. */
    private static String clickAt(String buttonId) {
        return "setTimeout(() => document.getElementById('" + buttonId + "').click(), arguments[0] - Date.now());";
    }

    private List<String> entries() {
        return log.entries().stream().map(RequestLog.Entry::toString).toList();
    }
}
