package dev.authservice.adapter.out.oidc.federation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSAlgorithm;
import dev.authservice.adapter.out.oidc.federation.ClientCredentials.AssertionAudience;
import dev.authservice.adapter.out.oidc.federation.ClientCredentials.SigningKey;
import java.security.PrivateKey;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The private keys an operator may configure, and the clear refusal of each that cannot sign an assertion. */
class ClientCredentialsTest {

    private static final PrivateKey RSA = ClientKeys.rsa(2048).getPrivate();

    private static SigningKey read(String pem, String algorithm) {
        return SigningKey.fromPem(pem, Optional.of("k1"), Optional.ofNullable(algorithm), AssertionAudience.ISSUER);
    }

    private static String refusal(String pem, String algorithm) {
        return assertThrows(IllegalArgumentException.class, () -> read(pem, algorithm)).getMessage();
    }

    @Test
    void anRsaKeySignsRs256UnlessAnotherRsaAlgorithmIsNamed() {
        SigningKey key = read(ClientKeys.pem(RSA), null);
        assertEquals(JWSAlgorithm.RS256, key.algorithm());
        assertEquals(Optional.of("k1"), key.keyId());
        assertEquals(JWSAlgorithm.PS256, read(ClientKeys.pem(RSA), "PS256").algorithm());
    }

    @Test
    void anEcKeySignsWithTheAlgorithmOfItsCurve() {
        assertEquals(JWSAlgorithm.ES256, read(ClientKeys.pem(ClientKeys.ec("secp256r1").getPrivate()), null)
                .algorithm());
        assertEquals(JWSAlgorithm.ES384, read(ClientKeys.pem(ClientKeys.ec("secp384r1").getPrivate()), "ES384")
                .algorithm());
        assertEquals("is an EC key, which cannot sign ES384 (ES256 can)",
                refusal(ClientKeys.pem(ClientKeys.ec("secp256r1").getPrivate()), "ES384"));
    }

    @Test
    void aKeyThatCannotSignTheNamedAlgorithmIsRefused() {
        assertEquals("is an RSA key, which cannot sign ES256 (RS256 can)", refusal(ClientKeys.pem(RSA), "ES256"));
        assertEquals("is an RSA key, which cannot sign HS256 (RS256 can)", refusal(ClientKeys.pem(RSA), "HS256"));
    }

    @Test
    void aWeakRsaKeyIsRefused() {
        assertEquals("is an RSA key of 1024 bits; at least 2048 are needed",
                refusal(ClientKeys.pem(ClientKeys.rsa(1024).getPrivate()), null));
    }

    @Test
    void whatIsNotAnUnencryptedPkcs8KeyIsRefusedWithTheWayToConvertIt() {
        String pkcs1 = ClientKeys.pem(RSA).replace("PRIVATE KEY", "RSA PRIVATE KEY");
        assertTrue(refusal(pkcs1, null).contains("openssl pkcs8 -topk8 -nocrypt"));
        assertTrue(refusal("not a key", null).contains("PKCS#8"));
        assertEquals("is not base64 between its PEM lines",
                refusal("-----BEGIN PRIVATE KEY-----\n#!\n-----END PRIVATE KEY-----", null));
        String noKey = "-----BEGIN PRIVATE KEY-----\n" + Base64.getEncoder().encodeToString(new byte[64])
                + "\n-----END PRIVATE KEY-----";
        assertEquals("holds neither an RSA nor an EC private key", refusal(noKey, null));
    }

    @Test
    void theKeyNeverShowsInText() {
        assertEquals("SigningKey[RS256, kid k1, aud ISSUER]", read(ClientKeys.pem(RSA), null).toString());
        assertEquals("Secret[****]", new ClientCredentials.Secret("s3cret").toString());
    }
}
