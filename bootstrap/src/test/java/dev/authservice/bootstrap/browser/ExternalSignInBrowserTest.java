package dev.authservice.bootstrap.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.bootstrap.Authenticator;
import dev.authservice.bootstrap.Http;
import dev.authservice.bootstrap.TestUser;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.util.List;
import java.util.Map;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.OAuth2Config;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Sign-in with another identity provider in Chromium, through a real OpenID provider's own login page
 * (mock-oauth2-server with its interactive login, where the name typed becomes the subject): alice links an
 * identity from her profile, then signs in with the provider's button alone; an identity linked to no account
 * signs into none and the sign-in card says why.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExternalSignInBrowserTest implements TestPropertyProvider {

    /** Long enough for a link right after a sign-in on a busy machine; the sign-up test waits it out. */
    private static final long STEP_UP_MAX_AGE_MS = 8000;

    private final MockOAuth2Server provider = new MockOAuth2Server(
            OAuth2Config.Companion.fromJson("{\"interactiveLogin\": true}"));
    private URI service;

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Override
    public Map<String, String> getProperties() {
        provider.start();
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        service = URI.create("http://localhost:" + port);
        return Map.ofEntries(
                Map.entry("micronaut.server.port", Integer.toString(port)),
                Map.entry("auth.public-url", service.toString()),
                Map.entry("auth.step-up.max-age", STEP_UP_MAX_AGE_MS + "ms"),
                Map.entry("auth.identity-providers.mock.issuer", provider.issuerUrl("default").toString()),
                Map.entry("auth.identity-providers.mock.client-id", "auth-service"),
                Map.entry("auth.identity-providers.mock.client-secret", "mock-secret"),
                Map.entry("auth.identity-providers.mock.display-name", "Mock provider"),
                Map.entry("auth.identity-providers.open.issuer", provider.issuerUrl("open").toString()),
                Map.entry("auth.identity-providers.open.client-id", "auth-service"),
                Map.entry("auth.identity-providers.open.client-secret", "open-secret"),
                Map.entry("auth.identity-providers.open.display-name", "Open provider"),
                Map.entry("auth.identity-providers.open.sign-up", "true"));
    }

    @AfterAll
    void stopTheProvider() {
        provider.shutdown();
    }

    @Test
    void aliceLinksAnIdentityThenSignsInWithItAlone() {
        WebClient page = new WebClient(browsers.open(service));
        page.signIn("alice", "alice-password");
        page.waitForSignedIn("alice");

        page.browser().click("#identity-link-buttons .link-identity");
        signInAtTheProvider(page, "alice-at-the-provider");
        page.browser().waitForText("#identities-message", "Identity linked: it signs you in from now on.");
        assertEquals(List.of("Mock provider"), page.browser().texts("#identities .identity .device"));

        page.browser().click("#logout");
        page.waitForLoginForm("You are signed out.");
        page.browser().click("#external-sign-in .external-sign-in");
        signInAtTheProvider(page, "alice-at-the-provider");
        page.waitForSignedIn("alice");
        assertEquals(service + "/", page.browser().script("return location.href"), "no token in the address bar");
    }

    /** The provider is the first step; the account's authenticator app is still asked for, on the same card. */
    @Test
    void anAccountWithATotpIsAskedForItsCodeAfterTheProvider() {
        Http api = new Http(service);
        TestUser user = TestUser.create(api);
        WebClient page = new WebClient(browsers.open(service));
        page.signIn(user.username(), TestUser.PASSWORD);
        page.waitForSignedIn(user.username());
        page.browser().click("#identity-link-buttons .link-identity");
        signInAtTheProvider(page, "totp-user-at-the-provider");
        page.browser().waitForText("#identities-message", "Identity linked: it signs you in from now on.");
        Http.Answer enrolment = api.post("/api/user/second-factor/totp", "", "Authorization", user.bearer());
        Authenticator app = Authenticator.of((String) enrolment.data().get("secret"));
        assertEquals(200, api.postJson("/api/user/second-factor/totp/confirm", "{\"code\": \""
                + app.code(Authenticator.stepNow() - 1) + "\"}", "Authorization", user.bearer()).status());

        page.browser().click("#logout");
        page.waitForLoginForm("You are signed out.");
        page.browser().click("#external-sign-in .external-sign-in");
        signInAtTheProvider(page, "totp-user-at-the-provider");
        page.waitForSecondFactor("Signed in with the identity provider. Enter the code your authenticator app shows "
                + "now.");
        assertEquals(service + "/", page.browser().script("return location.href"), "the ticket left the address bar");
        page.submitSecondFactor(app.code(Authenticator.stepNow()));
        page.waitForSignedIn(user.username());
    }

    @Test
    void anIdentityLinkedToNoAccountSignsIntoNone() {
        WebClient page = new WebClient(browsers.open(service));
        page.open();
        page.browser().click("#external-sign-in .external-sign-in");
        signInAtTheProvider(page, "a-stranger");
        page.waitForLoginForm("No account is linked to that identity. Sign in with your password, then link it from "
                + "your profile.");
        assertTrue(page.showsLoginForm());
    }

    /**
     * Through the provider that signs new users up: a new account named as the provider prefers, with no password;
     * when a change asks who they are again, they sign in again through the provider, and the change can go on.
     */
    @Test
    void aNewcomerSignsUpThroughAProviderAndConfirmsWhoTheyAreBySigningInAgain() throws InterruptedException {
        String name = "newcomer-" + Long.toString(System.nanoTime(), 36);
        String claims = "{\"preferred_username\": \"" + name + "\", \"name\": \"New Comer\"}";
        WebClient page = new WebClient(browsers.open(service));
        page.open();
        page.browser().click("#external-sign-in .external-sign-in[data-provider=open]");
        signInAtTheProvider(page, name + "-at-the-provider", claims);
        page.waitForSignedIn(name);
        assertEquals(List.of("Open provider"), page.browser().texts("#identities .identity .device"));

        Thread.sleep(STEP_UP_MAX_AGE_MS + 1100); // auth_time is whole seconds, rounded down
        page.browser().click("#identity-link-buttons .link-identity[data-provider=mock]");
        page.browser().waitForText("#reauth-providers .sign-in-again", "Sign in again with Open provider");
        page.browser().click("#reauth-providers .sign-in-again");
        signInAtTheProvider(page, name + "-at-the-provider", claims);
        page.waitForSignedIn(name);

        page.browser().click("#identity-link-buttons .link-identity[data-provider=mock]");
        signInAtTheProvider(page, name + "-at-mock");
        page.browser().waitForText("#identities-message", "Identity linked: it signs you in from now on.");
        assertEquals(List.of("Open provider", "Mock provider"), page.browser().texts("#identities .identity .device"));
    }

    /** The provider's own page: the name typed is the subject of the ID token it issues. */
    private static void signInAtTheProvider(WebClient page, String subject) {
        page.browser().type("input[name=username]", subject);
        page.browser().click("input[type=submit]");
    }

    /** As above, with the claims the ID token carries beside the subject, as JSON. */
    private static void signInAtTheProvider(WebClient page, String subject, String claims) {
        page.browser().type("input[name=username]", subject);
        page.browser().type("textarea[name=claims]", claims);
        page.browser().click("input[type=submit]");
    }
}
