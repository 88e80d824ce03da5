package dev.authservice.adapter.out.oidc.federation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import dev.authservice.application.federation.port.out.IdentityProviderUnavailableException;
import dev.authservice.application.federation.port.out.IdentityProviders.AuthorizationRequest;
import dev.authservice.application.federation.port.out.IdentityProviders.AuthorizationResponse;
import dev.authservice.application.federation.port.out.IdentityProviders.Exchange;
import dev.authservice.domain.federation.ExternalIdentity;
import dev.authservice.domain.federation.ProviderClaims;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.federation.IdentityProvider;
import dev.authservice.domain.federation.ProviderName;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The adapter against a real OpenID provider, mock-oauth2-server, started here: its authorize endpoint driven by an
 * HTTP client as a browser would, then the callback's parameters handed to the adapter. The attacks each change one
 * thing of a good answer.
 */
class OidcIdentityProvidersTest {

    private static final ProviderName NAME = new ProviderName("mock");
    private static final String CLIENT = "auth-service";
    private static final URI REDIRECT = URI.create("http://localhost:8080/api/identity-providers/mock/callback");
    /** Room for a provider on a busy machine: only a provider that never answers meets it. */
    private static final Duration TIMEOUT = Duration.ofSeconds(15);
    /** The timeouts of the adapter that waits on a silent provider: the test sees that it gives up. */
    private static final Duration SHORT = Duration.ofSeconds(1);

    private final HttpClient browser = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private final CraftedTokenResponses crafted = new CraftedTokenResponses();
    private MockOAuth2Server server;
    private OidcIdentityProviders providers;
    private String issuer;

    @BeforeEach
    void startTheProvider() {
        server = new MockOAuth2Server(crafted);
        server.start();
        issuer = server.issuerUrl("default").toString();
        providers = adapterFor(URI.create(issuer));
    }

    @AfterEach
    void stopIt() {
        server.shutdown();
    }

    private static OidcIdentityProviders adapterFor(URI issuer) {
        return adapterFor(issuer, TIMEOUT);
    }

    private static OidcIdentityProviders adapterFor(URI issuer, Duration timeouts) {
        return new OidcIdentityProviders(List.of(new ProviderSettings(new IdentityProvider(NAME, "Mock"), issuer,
                CLIENT, new ClientCredentials.Secret("client-secret"), List.of("profile"), REDIRECT)), timeouts,
                timeouts);
    }

    private static AuthorizationRequest aRequest() {
        return new AuthorizationRequest(random(), random(), random() + random());
    }

    private static String random() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    /** What the provider sends the browser back with, after its login, as query parameters of the redirect URI. */
    private Map<String, String> signInAtTheProvider(AuthorizationRequest request) throws Exception {
        URI url = providers.authorizationUrl(NAME, request);
        HttpResponse<String> answer = browser.send(HttpRequest.newBuilder(url).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(302, answer.statusCode(), answer.body());
        URI back = URI.create(answer.headers().firstValue("Location").orElseThrow());
        assertEquals(REDIRECT.getPath(), back.getPath());
        return query(back);
    }

    private static Map<String, String> query(URI uri) {
        return Arrays.stream(uri.getRawQuery().split("&")).map(pair -> pair.split("=", 2)).collect(Collectors.toMap(
                pair -> pair[0], pair -> URLDecoder.decode(pair[1], StandardCharsets.UTF_8)));
    }

    private Exchange exchange(Map<String, String> back, AuthorizationRequest request) {
        return providers.exchange(NAME, new AuthorizationResponse(Optional.ofNullable(back.get("code")),
                Optional.ofNullable(back.get("iss")), Optional.ofNullable(back.get("error"))), request);
    }

    @Test
    void theRequestIsTheCodeFlowWithPkceStateNonceAndTheExactRedirectUri() {
        AuthorizationRequest request = aRequest();
        Map<String, String> parameters = query(providers.authorizationUrl(NAME, request));
        assertEquals("code", parameters.get("response_type"));
        assertEquals(CLIENT, parameters.get("client_id"));
        assertEquals(REDIRECT.toString(), parameters.get("redirect_uri"));
        assertEquals(request.state(), parameters.get("state"));
        assertEquals(request.nonce(), parameters.get("nonce"));
        assertEquals("S256", parameters.get("code_challenge_method"));
        assertTrue(parameters.get("code_challenge").length() >= 43);
        assertEquals(List.of("openid", "profile"), List.of(parameters.get("scope").split(" ")));
    }

    @Test
    void aGoodAnswerIsTheIdentityTheProviderVouchesFor() throws Exception {
        server.enqueueCallback(new DefaultOAuth2TokenCallback("default", "alice-at-the-provider", "JWT",
                List.of(CLIENT), Map.of(), 3600));
        AuthorizationRequest request = aRequest();
        Map<String, String> back = signInAtTheProvider(request);
        assertEquals(request.state(), back.get("state"));

        assertEquals(new Exchange.Verified(new ExternalIdentity(issuer, "alice-at-the-provider"),
                ProviderClaims.NONE), exchange(back, request));
    }

    /** An address the provider did not say it verified is left out, and a claim of the wrong type fails nothing. */
    @Test
    void theClaimsBesideTheIdentityComeUpAndAnUnverifiedAddressDoesNot() throws Exception {
        server.enqueueCallback(new DefaultOAuth2TokenCallback("default", "carol", "JWT", List.of(CLIENT),
                Map.of("preferred_username", "carol", "name", "Carol", "email", "carol@example.com",
                        "email_verified", true, "acr", "urn:example:loa:2", "amr", List.of("pwd", "mfa")), 3600));
        AuthorizationRequest request = aRequest();
        Exchange.Verified verified = (Exchange.Verified) exchange(signInAtTheProvider(request), request);
        assertEquals(new ProviderClaims(Optional.of("carol"), Optional.of("Carol"),
                Optional.of(new EmailAddress("carol@example.com")), Optional.of("urn:example:loa:2"),
                List.of("pwd", "mfa")), verified.claims());

        server.enqueueCallback(new DefaultOAuth2TokenCallback("default", "dave", "JWT", List.of(CLIENT),
                Map.of("preferred_username", 42, "email", "dave@example.com", "email_verified", "true"), 3600));
        AuthorizationRequest second = aRequest();
        assertEquals(ProviderClaims.NONE,
                ((Exchange.Verified) exchange(signInAtTheProvider(second), second)).claims());
    }

    @Test
    void anIdTokenForAnotherNonceIsRefused() throws Exception {
        AuthorizationRequest request = aRequest();
        Map<String, String> back = signInAtTheProvider(request);
        Exchange exchange = exchange(back, new AuthorizationRequest(request.state(), random(), request.codeVerifier()));
        assertInstanceOf(Exchange.Refused.class, exchange);
    }

    @Test
    void anIdTokenForAnotherAudienceIsRefused() throws Exception {
        AuthorizationRequest request = aRequest();
        Map<String, String> back = signInAtTheProvider(request);
        crafted.answerNextWith(signedByTheProvider(List.of("another-client"), Map.of("nonce", request.nonce())));
        assertRefusedFor(exchange(back, request), "aud");
    }

    @Test
    void anExpiredIdTokenIsRefused() throws Exception {
        server.enqueueCallback(new DefaultOAuth2TokenCallback("default", "alice", "JWT", List.of(CLIENT), Map.of(),
                -3600));
        AuthorizationRequest request = aRequest();
        assertRefusedFor(exchange(signInAtTheProvider(request), request), "Expired");
    }

    @Test
    void anUnsignedIdTokenIsRefused() throws Exception {
        AuthorizationRequest request = aRequest();
        Map<String, String> back = signInAtTheProvider(request);
        PlainJWT unsigned = new PlainJWT(claims(issuer, request.nonce()));
        crafted.answerNextWith(unsigned.serialize());
        assertRefusedFor(exchange(back, request), "Signed ID token expected");
    }

    /** Signed with the provider's key, but naming another issuer. */
    @Test
    void anIdTokenOfAForeignIssuerIsRefused() throws Exception {
        AuthorizationRequest request = aRequest();
        Map<String, String> back = signInAtTheProvider(request);
        crafted.answerNextWith(signedByTheProvider(List.of(CLIENT),
                Map.of("nonce", request.nonce(), "iss", "https://attacker.example")));
        assertRefusedFor(exchange(back, request), "iss");
    }

    /** RFC 9207: a response that names another issuer came from another provider (a mix-up); its code is not sent. */
    @Test
    void aResponseNamingAnotherIssuerIsRefusedBeforeItsCodeIsSent() throws Exception {
        AuthorizationRequest request = aRequest();
        Map<String, String> back = new HashMap<>(signInAtTheProvider(request));
        back.put("iss", "https://attacker.example");
        server.shutdown(); // had the code been sent, the exchange would find the provider down
        assertRefusedFor(exchange(back, request), "iss");
    }

    @Test
    void aProviderErrorIsARefusal() {
        assertRefusedFor(exchange(Map.of("error", "access_denied"), aRequest()), "access_denied");
    }

    @Test
    void aProviderThatIsDownOrSilentIsUnavailable() throws Exception {
        OidcIdentityProviders nowhere;
        try (ServerSocket closed = new ServerSocket(0)) {
            nowhere = adapterFor(URI.create("http://127.0.0.1:" + closed.getLocalPort() + "/default"));
        }
        assertThrows(IdentityProviderUnavailableException.class, () -> nowhere.authorizationUrl(NAME, aRequest()));
        try (ServerSocket silent = new ServerSocket(0)) {
            OidcIdentityProviders slow = adapterFor(URI.create("http://127.0.0.1:" + silent.getLocalPort()
                    + "/default"), SHORT);
            Instant started = Instant.now();
            assertThrows(IdentityProviderUnavailableException.class, () -> slow.authorizationUrl(NAME, aRequest()));
            assertTrue(Duration.between(started, Instant.now()).compareTo(SHORT.multipliedBy(5)) < 0);
        }
    }

    @Test
    void aTokenEndpointThatIsDownAtTheExchangeIsUnavailable() throws Exception {
        AuthorizationRequest request = aRequest();
        Map<String, String> back = signInAtTheProvider(request);
        server.shutdown();
        assertThrows(IdentityProviderUnavailableException.class, () -> exchange(back, request));
    }

    private void assertRefusedFor(Exchange exchange, String reasonPart) {
        assertInstanceOf(Exchange.Refused.class, exchange);
        String reason = ((Exchange.Refused) exchange).reason();
        assertTrue(reason.contains(reasonPart), reason);
    }

    private JWTClaimsSet claims(String iss, String nonce) {
        Instant now = Instant.now();
        return new JWTClaimsSet.Builder().issuer(iss).subject("alice").audience(CLIENT).claim("nonce", nonce)
                .issueTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(300))).build();
    }

    /** An ID token with the provider's own key and kid, for {@code audience}, with {@code claims} over its own. */
    private String signedByTheProvider(List<String> audience, Map<String, Object> claims) {
        return server.issueToken("default", CLIENT, new DefaultOAuth2TokenCallback("default", "alice", "JWT",
                audience, claims, 3600)).serialize();
    }
}
