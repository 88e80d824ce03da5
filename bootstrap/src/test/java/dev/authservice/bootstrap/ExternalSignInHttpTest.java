package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jwt.JWTClaimsSet;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Sign-in with another identity provider over real HTTP against the whole service and a real OpenID provider
 * (mock-oauth2-server) started here: an HTTP client plays the browser, following each redirect by hand and keeping
 * the cookies a browser would, through the provider's authorize endpoint and back to the callback. The attacks each
 * change one step of a good sign-in.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExternalSignInHttpTest implements TestPropertyProvider {

    private static final String PROVIDERS = "/api/identity-providers";
    private static final String CLIENT_ID = "auth-service";
    /** The provider that signs new users up, an issuer of its own at the same server. */
    private static final String OPEN = "open";

    private final MockOAuth2Server provider = new MockOAuth2Server();
    private final HttpClient browser = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private URI service;
    private Http http;

    @Override
    public Map<String, String> getProperties() {
        provider.start();
        int port = freePort();
        service = URI.create("http://localhost:" + port);
        return Map.ofEntries(
                Map.entry("micronaut.server.port", Integer.toString(port)),
                Map.entry("auth.public-url", service.toString()),
                Map.entry("auth.identity-providers.mock.issuer", provider.issuerUrl("default").toString()),
                Map.entry("auth.identity-providers.mock.client-id", CLIENT_ID),
                Map.entry("auth.identity-providers.mock.client-secret", "mock-secret"),
                Map.entry("auth.identity-providers.mock.display-name", "Mock provider"),
                Map.entry("auth.identity-providers.mock.second-factor-amr", "mfa"),
                Map.entry("auth.identity-providers.open.issuer", provider.issuerUrl(OPEN).toString()),
                Map.entry("auth.identity-providers.open.client-id", CLIENT_ID),
                Map.entry("auth.identity-providers.open.client-secret", "open-secret"),
                Map.entry("auth.identity-providers.open.sign-up", "true"),
                Map.entry("auth.identity-providers.down.issuer", "http://127.0.0.1:" + freePort() + "/nobody"),
                Map.entry("auth.identity-providers.down.client-id", CLIENT_ID),
                Map.entry("auth.identity-providers.down.client-secret", "secret"),
                // Room for the provider on a busy machine: the provider down refuses the connection at once.
                Map.entry("auth.oidc.connect-timeout", "5s"),
                Map.entry("auth.oidc.read-timeout", "15s"));
    }

    @AfterAll
    void stopTheProvider() {
        provider.shutdown();
    }

    @BeforeEach
    void client() {
        http = new Http(service);
    }

    @Test
    void theConfiguredProvidersAreListedForAnyone() {
        Http.Answer listed = http.get(PROVIDERS);
        assertEquals(200, listed.status(), listed.toString());
        assertEquals(List.of(Map.of("name", "down", "displayName", "down"),
                Map.of("name", "mock", "displayName", "Mock provider"), Map.of("name", OPEN, "displayName", OPEN)),
                listed.json().get("data"));
    }

    @Test
    void aLinkedIdentitySignsInAsAPasswordLoginDoesWithAmrFed() {
        TestUser user = TestUser.create(http);
        String subject = link(user);

        Landing landing = signIn(subject);

        assertEquals("/", landing.location());
        String refreshToken = landing.refreshToken().orElseThrow(() -> new AssertionError(landing.toString()));
        Http.Answer refreshed = http.refresh(refreshToken);
        assertEquals(200, refreshed.status(), refreshed.toString());
        JWTClaimsSet claims = claims(refreshed.accessToken());
        assertEquals(List.of("fed"), claimList(claims, "amr"));
        assertEquals(user.userId(), claims.getClaim("userId"));
        assertEquals(user.username(), claims.getSubject());
    }

    @Test
    void aReplayedCallbackSignsInNothing() {
        TestUser user = TestUser.create(http);
        String subject = link(user);
        Started started = start();
        provider.enqueueCallback(callback(subject, 3600));
        URI callback = atTheProvider(started.authorizationUrl());
        assertEquals("/", follow(callback, started.binding()).location());

        Landing replayed = follow(callback, started.binding());
        assertEquals("/#sign-in-error=EXTERNAL_STATE_INVALID", replayed.location());
        assertEquals(Optional.empty(), replayed.refreshToken());
    }

    @Test
    void aWrongStateOrAnotherBrowsersCallbackSignsInNothing() {
        TestUser user = TestUser.create(http);
        String subject = link(user);
        Started started = start();
        provider.enqueueCallback(callback(subject, 3600));
        URI callback = atTheProvider(started.authorizationUrl());

        URI wrongState = URI.create(callback.toString().replaceFirst("state=[^&]+", "state=" + UUID.randomUUID()));
        assertEquals("/#sign-in-error=EXTERNAL_STATE_INVALID", follow(wrongState, started.binding()).location());
        Landing otherBrowser = follow(callback, "a-cookie-of-another-browser");
        assertEquals("/#sign-in-error=EXTERNAL_STATE_INVALID", otherBrowser.location());
        assertEquals(Optional.empty(), otherBrowser.refreshToken());
        // Refused before it is used: neither try spent the sign-in of the browser that started it.
        assertEquals("/", follow(callback, started.binding()).location());
    }

    /** As a password login with one: the ticket in the fragment, the code, and an amr that names both. */
    @Test
    void anAccountWithATotpContinuesIntoTheSecondStepAfterTheProvider() {
        TestUser user = TestUser.create(http);
        String subject = link(user);
        Authenticator app = totpOf(user);

        Landing landing = signIn(subject);
        assertEquals(Optional.empty(), landing.refreshToken(), "no session before the second factor");
        Matcher fragment = Pattern.compile("/#second-factor=([A-Za-z0-9_-]+)&methods=totp,recovery-code")
                .matcher(landing.location());
        assertTrue(fragment.matches(), landing.location());

        Http.Answer completed = http.postJson("/api/login/second-factor", "{\"ticket\": \"" + fragment.group(1)
                + "\", \"code\": \"" + app.code(Authenticator.stepNow()) + "\"}");
        assertEquals(200, completed.status(), completed.toString());
        assertEquals(List.of("fed", "otp", "mfa"), claimList(claims(completed.accessToken()), "amr"));
    }

    /** The provider checked a second factor itself, in an amr value configured as trusted: the TOTP is not asked. */
    @Test
    void aTrustedAmrOfTheProviderStandsForTheAccountsOwnSecondFactor() {
        TestUser user = TestUser.create(http);
        String subject = link(user);
        totpOf(user);

        Started started = start();
        provider.enqueueCallback(new DefaultOAuth2TokenCallback("default", subject, "JWT", List.of(CLIENT_ID),
                Map.of("amr", List.of("pwd", "mfa")), 3600));
        Landing landing = follow(atTheProvider(started.authorizationUrl()), started.binding());

        assertEquals("/", landing.location());
        Http.Answer refreshed = http.refresh(landing.refreshToken().orElseThrow());
        assertEquals(List.of("fed", "mfa"), claimList(claims(refreshed.accessToken()), "amr"));
    }

    /**
     * Through a provider that signs new users up: a new account, named as the provider prefers, with the address it
     * verified and no password, so that no password signs into it; its one link is its last way to sign in.
     */
    @Test
    void aNewIdentitySignsUpThroughAProviderThatSignsUpWithoutAPassword() {
        String name = "newcomer-" + UUID.randomUUID().toString().substring(0, 8);
        Started started = start(OPEN);
        provider.enqueueCallback(new DefaultOAuth2TokenCallback(OPEN, "subject-" + UUID.randomUUID(), "JWT",
                List.of(CLIENT_ID), Map.of("preferred_username", name, "name", "New Comer",
                "email", name + "@example.com", "email_verified", true), 3600));
        Landing landing = follow(atTheProvider(started.authorizationUrl()), started.binding());
        assertEquals("/", landing.location(), landing.toString());

        Http.Answer refreshed = http.refresh(landing.refreshToken().orElseThrow());
        assertEquals(200, refreshed.status(), refreshed.toString());
        JWTClaimsSet claims = claims(refreshed.accessToken());
        assertEquals(name, claims.getSubject());
        assertEquals(List.of("fed"), claimList(claims, "amr"));
        String bearer = "Bearer " + refreshed.accessToken();
        Http.Answer email = http.get("/api/user/email", "Authorization", bearer);
        assertEquals(200, email.status(), email.toString());
        assertEquals(name + "@example.com", email.data().get("email"));
        assertEquals(true, email.data().get("emailVerified"));
        ApiAnswers.assertError(http.logIn(name, "any-password-at-all"), 401, "INVALID_CREDENTIALS");
        ApiAnswers.assertError(http.logIn(name, "!"), 401, "INVALID_CREDENTIALS");

        List<Map<String, Object>> links = listData(http.get("/api/user/identities", "Authorization", bearer));
        assertEquals(1, links.size());
        ApiAnswers.assertError(http.delete("/api/user/identities/" + links.get(0).get("id"), "Authorization",
                bearer), 409, "LAST_WAY_TO_SIGN_IN");
    }

    /** A verified address matching a local account links nothing: only a link does. */
    @Test
    void anUnlinkedIdentitySignsIntoNoAccount() {
        Landing landing = signIn("stranger-" + UUID.randomUUID());
        assertEquals("/#sign-in-error=IDENTITY_NOT_LINKED", landing.location());
        assertEquals(Optional.empty(), landing.refreshToken());
    }

    @Test
    void anExpiredIdTokenSignsInNothing() {
        TestUser user = TestUser.create(http);
        String subject = link(user);
        Started started = start();
        provider.enqueueCallback(callback(subject, -3600));
        Landing landing = follow(atTheProvider(started.authorizationUrl()), started.binding());
        assertEquals("/#sign-in-error=EXTERNAL_SIGN_IN_REFUSED", landing.location());
        assertEquals(Optional.empty(), landing.refreshToken());
    }

    @Test
    void aProviderThatIsDownSendsTheBrowserBackWithAClearError() {
        Landing landing = get(service.resolve(PROVIDERS + "/down/authorization"), Optional.empty());
        assertEquals(303, landing.status());
        assertEquals("/#sign-in-error=IDENTITY_PROVIDER_UNAVAILABLE", landing.location());
        ApiAnswers.assertError(http.get(PROVIDERS + "/nobody/authorization"), 404, "IDENTITY_PROVIDER_NOT_FOUND");
    }

    @Test
    void aUserUnlinksTheirIdentityAndItSignsInNoMore() {
        TestUser user = TestUser.create(http);
        String subject = link(user);
        Http.Answer listed = http.get("/api/user/identities", "Authorization", user.bearer());
        List<Map<String, Object>> links = listData(listed);
        assertEquals(1, links.size(), listed.toString());
        assertEquals(subject, links.get(0).get("subject"));
        assertEquals(provider.issuerUrl("default").toString(), links.get(0).get("issuer"));

        Http.Answer unlinked = http.delete("/api/user/identities/" + links.get(0).get("id"), "Authorization",
                user.bearer());
        assertEquals(204, unlinked.status(), unlinked.toString());
        assertEquals("/#sign-in-error=IDENTITY_NOT_LINKED", signIn(subject).location());
        ApiAnswers.assertError(http.delete("/api/user/identities/" + links.get(0).get("id"), "Authorization",
                user.bearer()), 404, "IDENTITY_NOT_FOUND");
    }

    @Test
    void anAdministratorSeesAndRemovesAUsersLinks() {
        TestUser user = TestUser.create(http);
        link(user);
        String admin = "Bearer " + http.logIn("bob", "bob-password").accessToken();
        String path = "/api/admin/users/" + user.userId() + "/identities";
        List<Map<String, Object>> links = listData(http.get(path, "Authorization", admin));
        assertEquals(1, links.size());
        ApiAnswers.assertError(http.get(path, "Authorization", user.bearer()), 403, "FORBIDDEN");

        assertEquals(204, http.delete(path + "/" + links.get(0).get("id"), "Authorization", admin).status());
        assertEquals(List.of(), listData(http.get(path, "Authorization", admin)));
    }

    @Test
    void anIdentityLinkedToOneAccountIsNotLinkedToAnother() {
        String subject = link(TestUser.create(http));
        TestUser other = TestUser.create(http);
        Started started = startLink(other);
        provider.enqueueCallback(callback(subject, 3600));
        assertEquals("/#sign-in-error=IDENTITY_LINKED_ELSEWHERE",
                follow(atTheProvider(started.authorizationUrl()), started.binding()).location());
    }

    @Test
    void aLinkOfAnUnknownProviderOrWithoutAProviderIsRefused() {
        TestUser user = TestUser.create(http);
        ApiAnswers.assertError(http.postJson("/api/user/identities", "{\"provider\": \"nobody\"}", "Authorization",
                user.bearer()), 404, "IDENTITY_PROVIDER_NOT_FOUND");
        ApiAnswers.assertError(http.postJson("/api/user/identities", "{}", "Authorization", user.bearer()), 400,
                "INVALID_INPUT");
    }

    /** Turns a TOTP on for {@code user}: the app that makes its codes. */
    private Authenticator totpOf(TestUser user) {
        Http.Answer enrolment = http.post("/api/user/second-factor/totp", "", "Authorization", user.bearer());
        Authenticator app = Authenticator.of((String) enrolment.data().get("secret"));
        assertEquals(200, http.postJson("/api/user/second-factor/totp/confirm", "{\"code\": \""
                + app.code(Authenticator.stepNow() - 1) + "\"}", "Authorization", user.bearer()).status());
        return app;
    }

    /** Links a new identity at the provider to {@code user}: its subject. */
    private String link(TestUser user) {
        String subject = "subject-" + UUID.randomUUID();
        Started started = startLink(user);
        provider.enqueueCallback(callback(subject, 3600));
        Landing landing = follow(atTheProvider(started.authorizationUrl()), started.binding());
        assertEquals("/#identity-linked", landing.location(), landing.toString());
        return subject;
    }

    private Started startLink(TestUser user) {
        Http.Answer answer = http.postJson("/api/user/identities", "{\"provider\": \"mock\"}", "Authorization",
                user.bearer());
        assertEquals(200, answer.status(), answer.toString());
        return new Started(URI.create((String) answer.data().get("authorizationUrl")), binding(answer.setCookies()));
    }

    private Landing signIn(String subject) {
        Started started = start();
        provider.enqueueCallback(callback(subject, 3600));
        return follow(atTheProvider(started.authorizationUrl()), started.binding());
    }

    private Started start() {
        return start("mock");
    }

    private Started start(String providerName) {
        Landing toTheProvider = get(service.resolve(PROVIDERS + "/" + providerName + "/authorization"),
                Optional.empty());
        assertEquals(302, toTheProvider.status(), toTheProvider.toString());
        return new Started(URI.create(toTheProvider.location()), binding(toTheProvider.setCookies()));
    }

    /** The provider signs its user in and sends the browser back: the callback URL. */
    private URI atTheProvider(URI authorizationUrl) {
        Landing back = get(authorizationUrl, Optional.empty());
        assertEquals(302, back.status(), back.toString());
        URI callback = URI.create(back.location());
        assertEquals(service.getPort(), callback.getPort());
        return callback;
    }

    private Landing follow(URI callback, String binding) {
        Landing landing = get(callback, Optional.of("identityProviderBinding=" + binding));
        assertEquals(303, landing.status(), landing.toString());
        return landing;
    }

    private DefaultOAuth2TokenCallback callback(String subject, long expiry) {
        return new DefaultOAuth2TokenCallback("default", subject, "JWT", List.of(CLIENT_ID), Map.of(), expiry);
    }

    private Landing get(URI url, Optional<String> cookie) {
        HttpRequest.Builder request = HttpRequest.newBuilder(url).GET();
        cookie.ifPresent(value -> request.header("Cookie", value));
        try {
            HttpResponse<String> answer = browser.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Landing(answer.statusCode(), answer.headers().firstValue("Location").orElse(""),
                    answer.headers().allValues("Set-Cookie"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String binding(List<String> setCookies) {
        String cookie = setCookies.stream().filter(each -> each.startsWith("identityProviderBinding="))
                .findFirst().orElseThrow(() -> new AssertionError("no binding cookie in " + setCookies));
        assertTrue(cookie.contains("HttpOnly") && cookie.contains("Secure") && cookie.contains("SameSite=Lax")
                && cookie.contains("Path=/api/identity-providers"), cookie);
        return cookie.substring("identityProviderBinding=".length(), cookie.indexOf(';'));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> listData(Http.Answer answer) {
        assertEquals(200, answer.status(), answer.toString());
        return (List<Map<String, Object>>) answer.json().get("data");
    }

    private static JWTClaimsSet claims(String accessToken) {
        try {
            return JWTClaimsSet.parse(Tokens.payload(accessToken));
        } catch (java.text.ParseException e) {
            throw new AssertionError(e);
        }
    }

    private static List<String> claimList(JWTClaimsSet claims, String name) {
        try {
            return claims.getStringListClaim(name);
        } catch (java.text.ParseException e) {
            throw new AssertionError(e);
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private record Started(URI authorizationUrl, String binding) {
    }

    private record Landing(int status, String location, List<String> setCookies) {
        Optional<String> refreshToken() {
            return setCookies.stream().filter(each -> each.startsWith("refreshToken=") && !each.contains("Max-Age=0"))
                    .map(each -> each.substring("refreshToken=".length(), each.indexOf(';'))).findFirst();
        }
    }
}
