package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.MACSigner;
import dev.authservice.adapter.out.crypto.session.JwtAccessTokenCodec;
import dev.authservice.adapter.out.crypto.session.JwtAlgorithm;
import dev.authservice.adapter.out.crypto.session.JwtKey;
import dev.authservice.adapter.out.crypto.session.JwtKeySet;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * ES256 with a signing key and a verification-only key, both from PEM files: the keys are published without a token,
 * tokens of either key are accepted, and a token of another family or another key is {@code INVALID_TOKEN}.
 */
@MicronautTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PublishedKeysHttpTest implements TestPropertyProvider {

    private static final String SIGNING_PEM = JwtKey.generatePem(JwtAlgorithm.ES256);
    /** The previous signing key, now verification-only: its tokens may still be alive. */
    private static final String PREVIOUS_PEM = JwtKey.generatePem(JwtAlgorithm.ES256);

    private static final JwtKey SIGNING = JwtKey.signingKeyFromPem(JwtAlgorithm.ES256, SIGNING_PEM);
    private static final JwtKey PREVIOUS = JwtKey.signingKeyFromPem(JwtAlgorithm.ES256, PREVIOUS_PEM);

    @Inject
    EmbeddedServer server;

    @Override
    public Map<String, String> getProperties() {
        try {
            Path keys = Files.createTempDirectory("published-keys");
            Path signing = Files.writeString(keys.resolve("signing.pem"), SIGNING_PEM);
            Path previous = Files.writeString(keys.resolve("previous.pub.pem"),
                    PREVIOUS_PEM.substring(PREVIOUS_PEM.indexOf("-----BEGIN PUBLIC KEY-----")));
            return Map.of("auth.jwt.algorithm", "ES256",
                    "auth.jwt.signing-key-file", signing.toString(),
                    "auth.jwt.verification-key-files", previous.toString(),
                    "auth.public-url", "https://auth.example.com");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theJwkSetHoldsThePublicSigningAndVerificationKeysAndMayBeCached() {
        Http.Answer jwks = new Http(server.getURI()).get("/.well-known/jwks.json");

        assertEquals(200, jwks.status(), jwks.toString());
        assertEquals("public, max-age=300", jwks.header("Cache-Control").orElseThrow());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> keys = (List<Map<String, Object>>) jwks.json().get("keys");
        assertEquals(List.of(SIGNING.keyId(), PREVIOUS.keyId()), keys.stream().map(key -> key.get("kid")).toList());
        for (Map<String, Object> key : keys) {
            assertEquals("EC", key.get("kty"));
            assertEquals("P-256", key.get("crv"));
            assertEquals("ES256", key.get("alg"));
            assertEquals("sig", key.get("use"));
            assertFalse(key.containsKey("d"), "never a private part: " + key);
        }
    }

    @Test
    void theMetadataNamesTheIssuerTheKeysAndTheAlgorithm() {
        Http http = new Http(server.getURI());
        Http.Answer metadata = http.get("/.well-known/oauth-authorization-server");

        assertEquals(200, metadata.status(), metadata.toString());
        assertEquals("auth-service", metadata.json().get("issuer"));
        assertEquals(List.of("ES256"), metadata.json().get("access_token_signing_alg_values_supported"));
        assertEquals(List.of(), metadata.json().get("response_types_supported"), "required by RFC 8414, even empty");
        URI jwksUri = URI.create((String) metadata.json().get("jwks_uri"));
        assertEquals(URI.create("https://auth.example.com/.well-known/jwks.json"), jwksUri);
        assertEquals(200, http.get(jwksUri.getPath()).status());
    }

    @Test
    void aLoginTokenIsSignedWithTheSigningKeyAndAPreviousKeysTokenStillVerifies() throws Exception {
        Http http = new Http(server.getURI());
        String token = http.logIn("alice", "alice-password").accessToken();
        JWSHeader header = JWSObject.parse(token).getHeader();
        assertEquals(JWSAlgorithm.ES256, header.getAlgorithm());
        assertEquals(SIGNING.keyId(), header.getKeyID());
        assertEquals(200, http.get("/api/user/profile", "Authorization", "Bearer " + token).status());

        JwtAccessTokenCodec previousSigner = new JwtAccessTokenCodec(new JwtKeySet(PREVIOUS,
                List.of(JwtKey.verificationKeyFromPem(JwtAlgorithm.ES256, SIGNING_PEM))));
        String ofThePreviousKey = previousSigner.encode(previousSigner.decode(token).orElseThrow());

        assertEquals(PREVIOUS.keyId(), JWSObject.parse(ofThePreviousKey).getHeader().getKeyID());
        assertEquals(200, http.get("/api/user/profile", "Authorization", "Bearer " + ofThePreviousKey).status());
    }

    @Test
    void anHs256TokenUnderOurKeyIdAndATokenOfAnUnknownKeyAreInvalid() throws Exception {
        Http http = new Http(server.getURI());
        String token = http.logIn("alice", "alice-password").accessToken();
        JWSObject hs256 = new JWSObject(new JWSHeader.Builder(JWSAlgorithm.HS256).type(JOSEObjectType.JWT)
                .keyID(SIGNING.keyId()).build(), new Payload(JWSObject.parse(token).getPayload().toJSONObject()));
        hs256.sign(new MACSigner(SIGNING_PEM.getBytes(StandardCharsets.US_ASCII)));
        JwtKey unknown = JwtKey.signingKeyFromPem(JwtAlgorithm.ES256, JwtKey.generatePem(JwtAlgorithm.ES256));
        JwtAccessTokenCodec unknownSigner = new JwtAccessTokenCodec(new JwtKeySet(unknown,
                List.of(JwtKey.verificationKeyFromPem(JwtAlgorithm.ES256, SIGNING_PEM))));
        String ofAnUnknownKey = unknownSigner.encode(unknownSigner.decode(token).orElseThrow());

        for (String forged : List.of(hs256.serialize(), ofAnUnknownKey)) {
            Http.Answer answer = http.get("/api/user/profile", "Authorization", "Bearer " + forged);
            assertEquals(401, answer.status(), forged);
            assertEquals("INVALID_TOKEN", answer.errorCode());
        }
    }
}
