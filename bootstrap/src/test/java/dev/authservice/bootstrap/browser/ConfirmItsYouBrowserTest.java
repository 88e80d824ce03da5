package dev.authservice.bootstrap.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.bootstrap.Authenticator;
import dev.authservice.bootstrap.Http;
import dev.authservice.bootstrap.TestUser;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * "Confirm it's you" in Chromium: a change to how the user signs in, from a session that proved who its user is too
 * long ago, opens the dialog in place; once the user proves it (the password, with a code when two-step sign-in is
 * on, or a passkey) the change goes on without another click. The max age is three seconds here: each test makes what
 * it needs right after signing in, then waits that long. The service runs on a port chosen here, so that a passkey's
 * origin is the page's.
 */
@MicronautTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Property(name = RequestLog.ENABLED, value = "true")
@Property(name = "auth.step-up.max-age", value = "3s")
class ConfirmItsYouBrowserTest implements TestPropertyProvider {

    /** auth_time is whole seconds, rounded down: a proof is at least this old after this long. */
    private static final long PAST_THE_MAX_AGE_MS = 3100;

    private final int port = freePort();

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Inject
    RequestLog log;

    private Http api;
    private TestUser user;
    private WebClient page;

    @Override
    public Map<String, String> getProperties() {
        return Map.of("micronaut.server.port", Integer.toString(port));
    }

    @BeforeEach
    void openTheClient() {
        log.clear();
        URI base = URI.create("http://localhost:" + port);
        api = new Http(base);
        user = TestUser.create(api);
        Browser browser = browsers.open(base);
        browser.addPlatformAuthenticator();
        page = new WebClient(browser);
    }

    private void signIn() {
        page.signIn(user.username(), TestUser.PASSWORD);
        page.waitForSignedIn(user.username());
    }

    private List<String> entries(String path) {
        return log.entries().stream().map(RequestLog.Entry::toString).filter(entry -> entry.contains(path)).toList();
    }

    @Test
    void aStaleSessionIsAskedInPlaceAndTheChangeGoesOnOnceProven() throws InterruptedException {
        signIn();
        page.waitForTwoStep("Off");
        Thread.sleep(PAST_THE_MAX_AGE_MS);
        log.clear();

        page.browser().click("#totp-turn-on");
        page.waitForConfirmItsYou(false);
        page.confirmItsYou("not the password at all", null);
        page.waitForConfirmItsYouMessage("That is not right. A code works once: wait for the next one.");
        page.confirmItsYou(TestUser.PASSWORD, null);
        page.waitForConfirmItsYouClosed();

        page.browser().visible("#totp-enrol-form");
        assertEquals(List.of("POST /api/user/second-factor/totp 401", "POST /api/user/second-factor/totp 200"),
                entries("/api/user/second-factor/totp"));
        assertEquals(List.of("POST /api/user/reauthentication 401", "POST /api/user/reauthentication 200"),
                entries("/api/user/reauthentication"));
        assertEquals(0, log.count("POST", "/api/refresh"), "a refresh would not have helped: " + log.entries());
    }

    @Test
    void withTwoStepSignInOnItAsksForACodeToo() throws InterruptedException {
        String fresh = "Bearer " + api.logIn(user.username(), TestUser.PASSWORD).accessToken();
        Authenticator app = Authenticator.of((String) api.post("/api/user/second-factor/totp", "", "Authorization",
                fresh).data().get("secret"));
        long confirmed = Authenticator.stepNow() - 1;
        assertEquals(200, api.postJson("/api/user/second-factor/totp/confirm", "{\"code\": \"" + app.code(confirmed)
                + "\"}", "Authorization", fresh).status());
        page.signIn(user.username(), TestUser.PASSWORD);
        page.waitForSecondFactor("Enter the code your authenticator app shows now.");
        page.submitSecondFactor(app.code(confirmed + 1));
        page.waitForSignedIn(user.username());
        page.waitForTwoStep("On");
        Thread.sleep(PAST_THE_MAX_AGE_MS);

        page.renewRecoveryCodes();
        page.waitForConfirmItsYou(true);
        page.confirmItsYou(TestUser.PASSWORD, app.code(Math.max(confirmed + 2, Authenticator.stepNow())));
        page.waitForConfirmItsYouClosed();

        assertEquals(10, page.waitForRecoveryCodes().size());
    }

    @Test
    void notProvingItChangesNothingAndSaysWhy() throws InterruptedException {
        signIn();
        page.waitForTwoStep("Off");
        Thread.sleep(PAST_THE_MAX_AGE_MS);

        page.browser().click("#totp-turn-on");
        page.waitForConfirmItsYou(false);
        page.cancelConfirmItsYou();
        page.waitForConfirmItsYouClosed();

        page.waitForNotice("This change needs a recent sign-in: prove who you are at POST "
                + "/api/user/reauthentication, then send it again with the access token it answers");
        page.waitForTwoStep("Off");
        assertTrue(page.showsApp(), "still signed in");
    }

    @Test
    void aPasskeyProvesItToo() throws InterruptedException {
        signIn();
        page.addPasskey("Work laptop");
        Thread.sleep(PAST_THE_MAX_AGE_MS);

        page.clickDeletePasskey("Work laptop");
        page.waitForConfirmItsYou(false);
        page.confirmItsYouWithAPasskey();
        page.waitForConfirmItsYouClosed();

        page.browser().waitUntil("the passkey deleted", driver -> page.passkeys().isEmpty());
        assertEquals(1, log.count("POST", "/api/user/reauthentication", 200), log.entries().toString());
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
