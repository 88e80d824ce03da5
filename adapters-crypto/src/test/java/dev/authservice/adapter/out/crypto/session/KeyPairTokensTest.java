package dev.authservice.adapter.out.crypto.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.MACSigner;
import dev.authservice.domain.session.AccessToken;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Access tokens signed with ES256, EdDSA and RS256: each verifies by its {@code kid}, in its own family only. */
class KeyPairTokensTest {

    /** RSA keys take a while to make: one signing key and one spare per algorithm, for the whole class. */
    private static final Map<JwtAlgorithm, String> SIGNING = new EnumMap<>(JwtAlgorithm.class);
    private static final Map<JwtAlgorithm, String> SPARE = new EnumMap<>(JwtAlgorithm.class);

    static {
        for (JwtAlgorithm algorithm : List.of(JwtAlgorithm.ES256, JwtAlgorithm.EdDSA, JwtAlgorithm.RS256)) {
            SIGNING.put(algorithm, JwtKey.generatePem(algorithm));
            SPARE.put(algorithm, JwtKey.generatePem(algorithm));
        }
    }

    private static final JwtSecret SECRET = JwtSecret.fromText("UR2+jDd03bMgGBcSS0d8bW2ZMFF8CuAaGu4lKnm/T28=");
    private static final Instant ISSUED_AT = Instant.parse("2030-01-01T12:00:00Z");

    @ParameterizedTest
    @EnumSource(names = {"ES256", "EdDSA", "RS256"})
    void aTokenDecodesToWhatWasSignedWithTheAlgorithmAndKeyIdInItsHeader(JwtAlgorithm algorithm) throws Exception {
        JwtKey key = signingKey(algorithm);
        JwtAccessTokenCodec codec = new JwtAccessTokenCodec(new JwtKeySet(key, List.of()));

        String token = codec.encode(aliceToken());

        assertEquals(Optional.of(aliceToken()), codec.decode(token));
        JWSHeader header = JWSObject.parse(token).getHeader();
        assertEquals(algorithm.name(), header.getAlgorithm().getName());
        assertEquals(key.keyId(), header.getKeyID());
        assertEquals(JOSEObjectType.JWT, header.getType());
    }

    @ParameterizedTest
    @EnumSource(names = {"ES256", "EdDSA", "RS256"})
    void aTamperedPayloadOrSignatureIsRefused(JwtAlgorithm algorithm) {
        JwtAccessTokenCodec codec = new JwtAccessTokenCodec(new JwtKeySet(signingKey(algorithm), List.of()));
        String[] parts = codec.encode(aliceToken()).split("\\.");
        String otherPayload = codec.encode(tokenOf("mallory")).split("\\.")[1];
        char last = parts[2].charAt(parts[2].length() - 2);

        assertEquals(Optional.empty(), codec.decode(parts[0] + '.' + otherPayload + '.' + parts[2]));
        assertEquals(Optional.empty(), codec.decode(parts[0] + '.' + parts[1] + '.'
                + parts[2].substring(0, parts[2].length() - 2) + (last == 'A' ? 'B' : 'A')
                + parts[2].charAt(parts[2].length() - 1)));
    }

    @ParameterizedTest
    @EnumSource(names = {"ES256", "EdDSA", "RS256"})
    void aTokenOfAnotherKeyIsRefusedEvenUnderOurKeyId(JwtAlgorithm algorithm) throws Exception {
        JwtKey ours = signingKey(algorithm);
        JwtAccessTokenCodec codec = new JwtAccessTokenCodec(new JwtKeySet(ours, List.of()));
        JwtKey theirs = JwtKey.signingKeyFromPem(algorithm, SPARE.get(algorithm));
        String[] forged = new JwtAccessTokenCodec(new JwtKeySet(theirs, List.of())).encode(aliceToken()).split("\\.");
        String ourHeader = codec.encode(aliceToken()).split("\\.")[0];

        assertEquals(Optional.empty(), codec.decode(String.join(".", forged)), "an unknown kid");
        assertEquals(Optional.empty(), codec.decode(ourHeader + '.' + forged[1] + '.' + forged[2]),
                "our kid, their signature");
    }

    @Test
    void aTokenOfAnotherFamilyIsRefusedWhateverItsKeyId() {
        JwtKey es256 = signingKey(JwtAlgorithm.ES256);
        JwtKey edDsa = signingKey(JwtAlgorithm.EdDSA);
        JwtAccessTokenCodec codec = new JwtAccessTokenCodec(new JwtKeySet(es256, List.of()));
        String edDsaToken = new JwtAccessTokenCodec(new JwtKeySet(edDsa, List.of())).encode(aliceToken());

        assertEquals(Optional.empty(), codec.decode(edDsaToken));
        assertEquals(Optional.empty(), codec.decode(
                new JwtAccessTokenCodec(SECRET).encode(aliceToken())));
    }

    /** The classic confusion: an HS256 token whose MAC key is our public key, under our kid. */
    @ParameterizedTest
    @EnumSource(names = {"ES256", "EdDSA", "RS256"})
    void anHs256TokenKeyedWithOurPublicKeyIsRefused(JwtAlgorithm algorithm) throws Exception {
        JwtKey key = signingKey(algorithm);
        JwtAccessTokenCodec codec = new JwtAccessTokenCodec(new JwtKeySet(key, List.of()));
        JWSObject forged = new JWSObject(new JWSHeader.Builder(JWSAlgorithm.HS256).type(JOSEObjectType.JWT)
                .keyID(key.keyId()).build(), new Payload(AccessTokenClaims.of(aliceToken())));
        forged.sign(new MACSigner(SIGNING.get(algorithm).getBytes(StandardCharsets.US_ASCII)));

        assertEquals(Optional.empty(), codec.decode(forged.serialize()));
    }

    @ParameterizedTest
    @EnumSource(names = {"ES256", "EdDSA", "RS256"})
    void aTokenOfAVerificationOnlyKeyVerifiesAndOneOfARemovedKeyDoesNot(JwtAlgorithm algorithm) {
        JwtKey old = signingKey(algorithm);
        JwtKey next = JwtKey.signingKeyFromPem(algorithm, SPARE.get(algorithm));
        String beforeTheSwitch = new JwtAccessTokenCodec(new JwtKeySet(old, List.of())).encode(aliceToken());

        JwtAccessTokenCodec afterTheSwitch = new JwtAccessTokenCodec(new JwtKeySet(next, List.of(verificationOnly(
                algorithm, SIGNING.get(algorithm)))));
        JwtAccessTokenCodec afterTheRemoval = new JwtAccessTokenCodec(new JwtKeySet(next, List.of()));

        assertEquals(Optional.of(aliceToken()), afterTheSwitch.decode(beforeTheSwitch));
        assertEquals(Optional.of(aliceToken()), afterTheSwitch.decode(afterTheSwitch.encode(aliceToken())));
        assertEquals(Optional.empty(), afterTheRemoval.decode(beforeTheSwitch));
    }

    /**
     * The rotation of docs/keys.md, step by step, on three "instances" of one service: a token issued before each
     * step verifies on every instance after it, until the old key is removed.
     */
    @Test
    void aRotationAsDocumentedLogsNobodyOut() {
        JwtAlgorithm algorithm = JwtAlgorithm.ES256;
        JwtKey old = signingKey(algorithm);
        JwtKey next = JwtKey.signingKeyFromPem(algorithm, SPARE.get(algorithm));
        JwtKey nextPublic = verificationOnly(algorithm, SPARE.get(algorithm));
        JwtKey oldPublic = verificationOnly(algorithm, SIGNING.get(algorithm));

        JwtAccessTokenCodec before = new JwtAccessTokenCodec(new JwtKeySet(old, List.of()));
        String issuedBefore = before.encode(aliceToken());
        // 1. The new key, verification-only, on every instance.
        JwtAccessTokenCodec announced = new JwtAccessTokenCodec(new JwtKeySet(old, List.of(nextPublic)));
        String issuedAnnounced = announced.encode(aliceToken());
        // 2. The new key signs; the old one verifies only.
        JwtAccessTokenCodec switched = new JwtAccessTokenCodec(new JwtKeySet(next, List.of(oldPublic)));
        String issuedSwitched = switched.encode(aliceToken());

        for (JwtAccessTokenCodec instance : List.of(announced, switched)) {
            assertEquals(Optional.of(aliceToken()), instance.decode(issuedBefore));
            assertEquals(Optional.of(aliceToken()), instance.decode(issuedAnnounced));
            assertEquals(Optional.of(aliceToken()), instance.decode(issuedSwitched),
                    "an instance not yet switched verifies the new key's tokens");
        }
        // 3. After the access-token ttl, the old key goes.
        JwtAccessTokenCodec removed = new JwtAccessTokenCodec(new JwtKeySet(next, List.of()));
        assertEquals(Optional.of(aliceToken()), removed.decode(issuedSwitched));
        assertEquals(Optional.empty(), removed.decode(issuedBefore));
    }

    @Test
    void theHs256CodecStillRefusesEveryKeyPairToken() {
        JwtAccessTokenCodec hs256 = new JwtAccessTokenCodec(SECRET);
        for (JwtAlgorithm algorithm : List.of(JwtAlgorithm.ES256, JwtAlgorithm.EdDSA, JwtAlgorithm.RS256)) {
            String token = new JwtAccessTokenCodec(new JwtKeySet(signingKey(algorithm), List.of()))
                    .encode(aliceToken());
            assertEquals(Optional.empty(), hs256.decode(token), algorithm.name());
        }
    }

    @Test
    void thePublicKeysArePublishedWithoutAPrivatePart() {
        JwtKey signing = signingKey(JwtAlgorithm.EdDSA);
        JwtKey previous = verificationOnly(JwtAlgorithm.EdDSA, SPARE.get(JwtAlgorithm.EdDSA));
        JwtPublicKeys published = JwtPublicKeys.of(new JwtKeySet(signing, List.of(previous,
                verificationOnly(JwtAlgorithm.EdDSA, SIGNING.get(JwtAlgorithm.EdDSA)))));

        assertEquals("EdDSA", published.algorithm());
        assertEquals(List.of(signing.keyId(), previous.keyId()),
                published.jwks().stream().map(jwk -> jwk.get("kid")).toList());
        for (Map<String, String> jwk : published.jwks()) {
            assertEquals(Set.of("kty", "crv", "x", "kid", "alg", "use"), jwk.keySet());
            assertEquals("OKP", jwk.get("kty"));
            assertEquals("sig", jwk.get("use"));
            assertFalse(jwk.containsKey("d"));
        }
        assertTrue(JwtPublicKeys.ofSecret().jwks().isEmpty());
    }

    private static JwtKey signingKey(JwtAlgorithm algorithm) {
        return JwtKey.signingKeyFromPem(algorithm, SIGNING.get(algorithm));
    }

    private static JwtKey verificationOnly(JwtAlgorithm algorithm, String pem) {
        return JwtKey.verificationKeyFromPem(algorithm, pem);
    }

    private static AccessToken aliceToken() {
        return tokenOf("alice");
    }

    private static AccessToken tokenOf(String username) {
        return new AccessToken("d3b07384-d113-4ec6-a3d6-2f4c3b7a9e10", "auth-service", new Username(username),
                UserId.of("6f1c2d0e-8a51-4b7e-9c3a-2f4d5e6a7b8c"), SessionId.of("0b8e4c1a-3d2f-4e5a-8b6c-7d9e0f1a2b3c"),
                Set.of(Role.USER), "Alice", "Sales", ISSUED_AT, ISSUED_AT, ISSUED_AT.plusSeconds(900),
                AuthenticationMethods.PASSWORD, ISSUED_AT);
    }
}
