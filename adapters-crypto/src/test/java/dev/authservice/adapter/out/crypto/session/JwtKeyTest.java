package dev.authservice.adapter.out.crypto.session;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.util.Base64URL;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class JwtKeyTest {

    @ParameterizedTest
    @EnumSource(names = {"ES256", "EdDSA", "RS256"})
    void aGeneratedKeyReadsBackAsASigningKeyAndItsPublicHalfAsTheSameKey(JwtAlgorithm algorithm) {
        String pem = JwtKey.generatePem(algorithm);

        JwtKey signing = JwtKey.signingKeyFromPem(algorithm, pem);
        JwtKey verifying = JwtKey.verificationKeyFromPem(algorithm, publicBlockOf(pem));

        assertEquals(signing.keyId(), verifying.keyId());
        assertEquals(43, signing.keyId().length(), "base64url of a SHA-256");
    }

    /** RFC 7638 §3: SHA-256 of the required members in lexicographic order, no whitespace. */
    @Test
    void theKeyIdIsTheRfc7638ThumbprintOfThePublicKey() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair pair = generator.generateKeyPair();
        ECPublicKey publicKey = (ECPublicKey) pair.getPublic();
        String json = "{\"crv\":\"P-256\",\"kty\":\"EC\",\"x\":\""
                + coordinate(publicKey.getW().getAffineX().toByteArray()) + "\",\"y\":\""
                + coordinate(publicKey.getW().getAffineY().toByteArray()) + "\"}";
        String expected = Base64.getUrlEncoder().withoutPadding().encodeToString(
                MessageDigest.getInstance("SHA-256").digest(json.getBytes(UTF_8)));

        JwtKey key = JwtKey.verificationKeyFromPem(JwtAlgorithm.ES256,
                Pem.encode(Pem.PUBLIC_KEY, publicKey.getEncoded()));

        assertEquals(expected, key.keyId());
    }

    /** RFC 8037, appendix A.1: the example Ed25519 key. */
    private static final String RFC_8037_D = "nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A";
    private static final String RFC_8037_X = "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo";

    /** RFC 8037, appendix A.3: the thumbprint of the example Ed25519 key. */
    @Test
    void theKeyIdOfRfc8037sEd25519KeyIsTheThumbprintTheRfcGives() {
        JwtKey key = JwtKey.verificationKeyFromPem(JwtAlgorithm.EdDSA, rfc8037PublicPem());

        assertEquals("kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k", key.keyId());
    }

    /** RFC 8037, appendix A.4 and A.5: the example JWS, signed and verified byte for byte as the RFC gives it. */
    @Test
    void anEdDsaSignatureIsTheOneRfc8037Gives() throws Exception {
        byte[] pkcs8Prefix = {0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04,
            0x20};
        JwtKey key = JwtKey.signingKeyFromPem(JwtAlgorithm.EdDSA,
                Pem.encode(Pem.PRIVATE_KEY, prefixed(pkcs8Prefix, RFC_8037_D)) + rfc8037PublicPem());
        JWSHeader header = new JWSHeader(JWSAlgorithm.EdDSA);
        byte[] signingInput = "eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc".getBytes(UTF_8);
        Base64URL expected = new Base64URL(
                "hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg");

        assertEquals(expected, key.signer().sign(header, signingInput));
        assertTrue(key.verifier().verify(header, signingInput, expected));
        signingInput[signingInput.length - 1] ^= 1;
        assertFalse(key.verifier().verify(header, signingInput, expected));
    }

    private static String rfc8037PublicPem() {
        byte[] spkiPrefix = {0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00};
        return Pem.encode(Pem.PUBLIC_KEY, prefixed(spkiPrefix, RFC_8037_X));
    }

    /** The DER prefix of an Ed25519 key structure (RFC 8410), then the raw key from base64url. */
    private static byte[] prefixed(byte[] prefix, String base64Url) {
        byte[] raw = Base64.getUrlDecoder().decode(base64Url);
        byte[] der = Arrays.copyOf(prefix, prefix.length + raw.length);
        System.arraycopy(raw, 0, der, prefix.length, raw.length);
        return der;
    }

    @Test
    void aKeyOfAnotherFamilyIsRefused() {
        String edDsa = JwtKey.generatePem(JwtAlgorithm.EdDSA);

        IllegalArgumentException signing = assertThrows(IllegalArgumentException.class,
                () -> JwtKey.signingKeyFromPem(JwtAlgorithm.ES256, edDsa));
        IllegalArgumentException verifying = assertThrows(IllegalArgumentException.class,
                () -> JwtKey.verificationKeyFromPem(JwtAlgorithm.RS256, edDsa));

        assertEquals("has no SPKI public key that is an EC P-256 key (ES256)", signing.getMessage());
        assertTrue(verifying.getMessage().contains("an RSA key of at least 2048 bits (RS256)"), verifying.getMessage());
    }

    @Test
    void anEcKeyOnAnotherCurveIsRefused() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp384r1"));
        String pem = Pem.encode(Pem.PUBLIC_KEY, generator.generateKeyPair().getPublic().getEncoded());

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> JwtKey.verificationKeyFromPem(JwtAlgorithm.ES256, pem));

        assertEquals("holds an EC key on another curve than P-256 (ES256)", refused.getMessage());
    }

    @Test
    void anRsaKeyUnder2048BitsIsRefused() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(1024);
        KeyPair pair = generator.generateKeyPair();
        String pem = Pem.encode(Pem.PRIVATE_KEY, pair.getPrivate().getEncoded())
                + Pem.encode(Pem.PUBLIC_KEY, pair.getPublic().getEncoded());

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> JwtKey.signingKeyFromPem(JwtAlgorithm.RS256, pem));

        assertEquals("holds an RSA key of 1024 bits, fewer than the 2048 RS256 needs", refused.getMessage());
    }

    @ParameterizedTest
    @EnumSource(names = {"ES256", "EdDSA", "RS256"})
    void aPrivateKeyBesideAnotherKeysPublicKeyIsRefused(JwtAlgorithm algorithm) {
        String mismatched = privateBlockOf(JwtKey.generatePem(algorithm))
                + publicBlockOf(JwtKey.generatePem(algorithm));

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> JwtKey.signingKeyFromPem(algorithm, mismatched));

        assertEquals("holds a private key and a public key that are not a pair", refused.getMessage());
    }

    @Test
    void aSigningKeyWithoutItsPrivateKeyIsRefused() {
        String publicOnly = publicBlockOf(JwtKey.generatePem(JwtAlgorithm.ES256));

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> JwtKey.signingKeyFromPem(JwtAlgorithm.ES256, publicOnly));

        assertEquals("has no PKCS#8 private key that is an EC P-256 key (ES256)", refused.getMessage());
    }

    @Test
    void hs256HasNoKeyPair() {
        assertThrows(IllegalArgumentException.class, () -> JwtKey.verificationKeyFromPem(JwtAlgorithm.HS256,
                publicBlockOf(JwtKey.generatePem(JwtAlgorithm.ES256))));
    }

    @Test
    void anAlgorithmIsNamedExactly() {
        assertEquals(JwtAlgorithm.EdDSA, JwtAlgorithm.named("EdDSA"));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> JwtAlgorithm.named("es256"));
        assertEquals("must be one of [HS256, ES256, EdDSA, RS256], not 'es256'", refused.getMessage());
    }

    private static String publicBlockOf(String pem) {
        return pem.substring(pem.indexOf("-----BEGIN PUBLIC KEY-----"));
    }

    private static String privateBlockOf(String pem) {
        return pem.substring(0, pem.indexOf("-----BEGIN PUBLIC KEY-----"));
    }

    /** A coordinate of P-256 as JWK writes it: 32 bytes, big-endian, base64url. */
    private static String coordinate(byte[] twosComplement) {
        byte[] unsigned = Arrays.copyOfRange(twosComplement, Math.max(0, twosComplement.length - 32),
                twosComplement.length);
        byte[] padded = new byte[32];
        System.arraycopy(unsigned, 0, padded, 32 - unsigned.length, unsigned.length);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(padded);
    }
}
