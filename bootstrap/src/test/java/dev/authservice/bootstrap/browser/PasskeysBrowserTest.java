package dev.authservice.bootstrap.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.authservice.application.passkey.port.out.PasskeyChallengeStore;
import dev.authservice.bootstrap.Authenticator;
import dev.authservice.bootstrap.Http;
import dev.authservice.bootstrap.TestUser;
import dev.authservice.domain.passkey.ByteString;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Passkeys in the browser client, in Chromium with a virtual platform authenticator (WebDriver's WebAuthn test API):
 * the browser's own ceremonies, in the JSON forms the page hands over, against the service's webauthn4j. Registering
 * one in the Passkeys panel, signing in with it alone, completing a password's pending login with it, deleting it.
 * <p>
 * The origin a browser signs is its page's, {@code http://localhost:<port>}: the service runs on a port chosen here,
 * so that its relying party names that origin as it does for a service started by hand.
 */
@MicronautTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Property(name = RequestLog.ENABLED, value = "true")
@Property(name = "auth.webauthn.max-open-challenges-per-address", value = "5")
class PasskeysBrowserTest implements TestPropertyProvider {

    private final int port = freePort();

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Inject
    RequestLog log;

    @Inject
    PasskeyChallengeStore challenges;

    private URI base;
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
        base = URI.create("http://localhost:" + port);
        api = new Http(base);
        user = TestUser.create(api);
        Browser browser = browsers.open(base);
        browser.addPlatformAuthenticator();
        page = new WebClient(browser);
    }

    @Test
    void aPasskeyAddedInThePanelSignsInWithoutThePasswordUntilItIsDeleted() {
        page.signIn(user.username(), TestUser.PASSWORD);
        page.waitForSignedIn(user.username());
        page.addPasskey("Work laptop");
        assertEquals(List.of("Work laptop"), page.passkeys());
        page.logOut();
        page.waitForLoginForm("You are signed out.");

        page.signInWithAPasskey();
        page.waitForSignedIn(user.username());
        assertEquals(1, log.count("POST", "/api/login/passkey", 200), log.entries().toString());

        page.deletePasskey("Work laptop");
        assertEquals(List.of(), page.passkeys());
        page.logOut();
        page.waitForLoginForm("You are signed out.");
        // The authenticator still holds it; the service no longer knows it.
        page.signInWithAPasskey();
        page.waitForLoginForm("That passkey was not accepted. Sign in with your password, or try another passkey.");
        assertEquals(1, log.count("POST", "/api/login/passkey", 401), log.entries().toString());
        assertFalse(page.showsApp());
    }

    @Test
    void aPasskeyCompletesTheSignInOfAPasswordWhenATotpIsOn() {
        page.signIn(user.username(), TestUser.PASSWORD);
        page.waitForSignedIn(user.username());
        page.addPasskey("Phone");
        Http.Answer enrolment = api.post("/api/user/second-factor/totp", "", "Authorization", user.bearer());
        Authenticator app = Authenticator.of((String) enrolment.data().get("secret"));
        assertEquals(200, api.postJson("/api/user/second-factor/totp/confirm",
                "{\"code\": \"" + app.code(Authenticator.stepNow()) + "\"}", "Authorization", user.bearer()).status());
        page.logOut();
        page.waitForLoginForm("You are signed out.");

        page.signIn(user.username(), TestUser.PASSWORD);
        page.waitForSecondFactor("Enter the code your authenticator app shows now.");
        page.useAPasskeyInstead();

        page.waitForSignedIn(user.username());
        assertEquals(1, log.count("POST", "/api/login", 401), log.entries().toString());
        assertEquals(1, log.count("POST", "/api/login/second-factor", 200), log.entries().toString());
        assertEquals(0, log.count("POST", "/api/login/passkey", 200), log.entries().toString());
    }

    @Test
    @SuppressWarnings("unchecked")
    void tooManyPasskeySignInsUnderWayFromTheNetworkAreSaidSo() {
        // Each loopback address the browser may come from holds as many unanswered challenges as it may.
        List<String> issued = new ArrayList<>();
        try {
            for (String host : List.of("127.0.0.1", "[::1]")) {
                Http from = new Http(URI.create("http://" + host + ":" + port));
                Http.Answer answer;
                while ((answer = from.postJson("/api/login/passkey/options", "{}")).status() == 200) {
                    issued.add((String) ((Map<String, Object>) answer.data().get("publicKey")).get("challenge"));
                }
                assertEquals(429, answer.status(), answer.toString());
            }
            log.clear();

            page.signInWithAPasskey();

            page.waitForLoginForm("Too many passkey sign-ins are under way from your network. Try again in a few "
                    + "minutes.");
            assertEquals(1, log.count("POST", "/api/login/passkey/options", 429), log.entries().toString());
        } finally {
            // The other tests sign in with passkeys from the same addresses.
            issued.forEach(challenge -> challenges.takeForLogin(ByteString.base64Url("challenge", challenge)));
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
