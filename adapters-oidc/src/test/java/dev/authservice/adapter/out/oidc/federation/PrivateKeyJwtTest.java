package dev.authservice.adapter.out.oidc.federation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.authservice.adapter.out.oidc.federation.ClientCredentials.AssertionAudience;
import dev.authservice.application.federation.port.out.IdentityProviderUnavailableException;
import dev.authservice.application.federation.port.out.IdentityProviders.AuthorizationRequest;
import dev.authservice.application.federation.port.out.IdentityProviders.Exchange;
import dev.authservice.domain.federation.IdentityProvider;
import dev.authservice.domain.federation.ProviderName;
import java.net.URI;
import java.security.KeyPair;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The client authenticated by a private key ({@code private_key_jwt}): the token request the provider gets, its
 * assertion checked as a provider checks it (the signature with the public key it holds, then the claims), and the
 * providers that do not take the configured method, refused before any user is sent to them.
 */
class PrivateKeyJwtTest {

    private static final ProviderName NAME = new ProviderName("signed");
    private static final String CLIENT = "auth-service";
    private static final String JWT_BEARER = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
    private static final Duration TIMEOUT = Duration.ofSeconds(15);
    private static final List<String> PRIVATE_KEY_JWT = List.of("private_key_jwt", "client_secret_basic");

    private static final RSAKey PROVIDER_KEY = ControlledProvider.newSigningKey();
    private static final KeyPair CLIENT_RSA = ClientKeys.rsa(2048);
    private ControlledProvider provider;

    @AfterEach
    void stop() {
        provider.close();
    }

    private OidcIdentityProviders clientOf(Map<String, List<String>> discovery, ClientCredentials credentials) {
        provider = new ControlledProvider(discovery);
        provider.publish(PROVIDER_KEY);
        return new OidcIdentityProviders(List.of(new ProviderSettings(new IdentityProvider(NAME, "Signed"),
                URI.create(provider.issuer()), CLIENT, credentials, List.of(),
                URI.create("http://localhost:8080/api/identity-providers/signed/callback"))), TIMEOUT, TIMEOUT);
    }

    private static ClientCredentials signingKey(KeyPair pair, String keyId) {
        return signingKey(pair, keyId, AssertionAudience.ISSUER);
    }

    private static ClientCredentials signingKey(KeyPair pair, String keyId, AssertionAudience audience) {
        return ClientCredentials.SigningKey.fromPem(ClientKeys.pem(pair.getPrivate()), Optional.ofNullable(keyId),
                Optional.empty(), audience);
    }

    private Exchange signIn(OidcIdentityProviders providers) {
        return provider.signInWith(providers, NAME, CLIENT, PROVIDER_KEY);
    }

    private static AuthorizationRequest aRequest() {
        return new AuthorizationRequest("state", "nonce", "code-verifier-of-43-characters-or-more-000000");
    }

    /** The assertion of the last token request, after the checks a provider makes of its form and signature. */
    private SignedJWT assertionVerifiedBy(JWSVerifier publicKey) throws Exception {
        ControlledProvider.TokenRequest request = provider.lastTokenRequest();
        assertEquals(JWT_BEARER, request.form().get("client_assertion_type"));
        assertEquals(Optional.empty(), request.authorization(), "no secret beside the assertion");
        assertEquals(null, request.form().get("client_secret"));
        SignedJWT assertion = SignedJWT.parse(request.form().get("client_assertion"));
        assertTrue(assertion.verify(publicKey), "signed by the client's key");
        return assertion;
    }

    @Test
    void theTokenRequestCarriesAnAssertionSignedByTheKeyForTheProviderOnly() throws Exception {
        OidcIdentityProviders providers = clientOf(Map.of("token_endpoint_auth_methods_supported", PRIVATE_KEY_JWT),
                signingKey(CLIENT_RSA, "client-key-1"));
        RSASSAVerifier clientsPublicKey = new RSASSAVerifier((RSAPublicKey) CLIENT_RSA.getPublic());

        assertInstanceOf(Exchange.Verified.class, signIn(providers));
        Instant sent = Instant.now();
        SignedJWT assertion = assertionVerifiedBy(clientsPublicKey);
        assertEquals(JWSAlgorithm.RS256, assertion.getHeader().getAlgorithm());
        assertEquals("client-key-1", assertion.getHeader().getKeyID());
        JWTClaimsSet claims = assertion.getJWTClaimsSet();
        assertEquals(CLIENT, claims.getIssuer());
        assertEquals(CLIENT, claims.getSubject());
        assertEquals(provider.issuer(), claims.toJSONObject().get("aud"), "the issuer, as one string");
        assertTrue(claims.getExpirationTime().toInstant().isAfter(sent));
        assertTrue(claims.getExpirationTime().toInstant().isBefore(sent.plusSeconds(61)), "a minute at most");
        String firstJwtId = claims.getJWTID();
        assertTrue(firstJwtId.length() >= 32, firstJwtId);

        assertInstanceOf(Exchange.Verified.class, signIn(providers));
        assertNotEquals(firstJwtId, assertionVerifiedBy(clientsPublicKey).getJWTClaimsSet().getJWTID(),
                "each request its own assertion");
    }

    @Test
    void aProviderThatTakesOnlyItsTokenEndpointAsTheAudienceGetsThat() throws Exception {
        OidcIdentityProviders providers = clientOf(Map.of("token_endpoint_auth_methods_supported", PRIVATE_KEY_JWT),
                signingKey(CLIENT_RSA, null, AssertionAudience.TOKEN_ENDPOINT));

        assertInstanceOf(Exchange.Verified.class, signIn(providers));
        SignedJWT assertion = assertionVerifiedBy(new RSASSAVerifier((RSAPublicKey) CLIENT_RSA.getPublic()));
        assertEquals(provider.tokenEndpoint(), assertion.getJWTClaimsSet().toJSONObject().get("aud"));
    }

    @Test
    void anEcKeySignsEs256() throws Exception {
        KeyPair client = ClientKeys.ec("secp256r1");
        OidcIdentityProviders providers = clientOf(Map.of("token_endpoint_auth_methods_supported", PRIVATE_KEY_JWT,
                "token_endpoint_auth_signing_alg_values_supported", List.of("RS256", "ES256")),
                signingKey(client, null));

        assertInstanceOf(Exchange.Verified.class, signIn(providers));
        SignedJWT assertion = assertionVerifiedBy(new ECDSAVerifier((ECPublicKey) client.getPublic()));
        assertEquals(JWSAlgorithm.ES256, assertion.getHeader().getAlgorithm());
        assertEquals(null, assertion.getHeader().getKeyID());
    }

    @Test
    void aProviderThatListsMethodsWithoutPrivateKeyJwtIsRefusedBeforeAnyoneIsSentThere() {
        OidcIdentityProviders providers = clientOf(Map.of("token_endpoint_auth_methods_supported",
                List.of("client_secret_basic")), signingKey(CLIENT_RSA, null));
        String refusal = assertThrows(IdentityProviderUnavailableException.class,
                () -> providers.authorizationUrl(NAME, aRequest()))
                .getMessage();
        assertTrue(refusal.contains("SigningKey[RS256, aud ISSUER]") && refusal.contains("[client_secret_basic]"),
                refusal);
    }

    @Test
    void aProviderThatTakesNotTheKeysAlgorithmIsRefused() {
        OidcIdentityProviders providers = clientOf(Map.of("token_endpoint_auth_methods_supported", PRIVATE_KEY_JWT,
                "token_endpoint_auth_signing_alg_values_supported", List.of("ES256")),
                signingKey(CLIENT_RSA, null));
        String refusal = assertThrows(IdentityProviderUnavailableException.class, () -> signIn(providers))
                .getMessage();
        assertTrue(refusal.contains("signed with [ES256]"), refusal);
    }

    @Test
    void aSecretGoesInTheBodyOnlyToAProviderThatTakesNoOther() {
        OidcIdentityProviders post = clientOf(Map.of("token_endpoint_auth_methods_supported",
                List.of("client_secret_post", "private_key_jwt")), new ClientCredentials.Secret("s3cret"));
        assertInstanceOf(Exchange.Verified.class, signIn(post));
        assertEquals("s3cret", provider.lastTokenRequest().form().get("client_secret"));
        assertEquals(Optional.empty(), provider.lastTokenRequest().authorization());
        provider.close();

        OidcIdentityProviders basic = clientOf(Map.of(), new ClientCredentials.Secret("s3cret"));
        assertInstanceOf(Exchange.Verified.class, signIn(basic));
        assertTrue(provider.lastTokenRequest().authorization().orElseThrow().startsWith("Basic "));
    }

    @Test
    void aSecretForAProviderThatTakesOnlyKeysIsRefused() {
        OidcIdentityProviders providers = clientOf(Map.of("token_endpoint_auth_methods_supported",
                List.of("private_key_jwt")), new ClientCredentials.Secret("s3cret"));
        String refusal = assertThrows(IdentityProviderUnavailableException.class, () -> signIn(providers))
                .getMessage();
        assertTrue(refusal.contains("Secret[****]") && refusal.contains("[private_key_jwt]"), refusal);
    }
}
