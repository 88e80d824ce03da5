package dev.authservice.adapter.out.crypto.session.jca;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.util.Base64URL;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** On either provider, ES256 signs what the JDK verifies and verifies what the JDK signs, nothing else. */
class EcdsaSignaturesTest {

    private static final JWSHeader HEADER = new JWSHeader(JWSAlgorithm.ES256);
    private static final byte[] SIGNING_INPUT = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9".getBytes(US_ASCII);

    private final KeyPair pair = p256Pair();

    static Stream<Provider> providers() {
        return SignatureProviderTest.providers();
    }

    @ParameterizedTest
    @MethodSource("providers")
    void whatItSignsTheJdkVerifies(Provider provider) throws Exception {
        Base64URL signature = EcdsaSignatures.signer(pair.getPrivate(), provider).sign(HEADER, SIGNING_INPUT);

        assertEquals(86, signature.toString().length(), "R and S, 32 bytes each (RFC 7518 §3.4), in base64url");
        assertTrue(new ECDSAVerifier((ECPublicKey) pair.getPublic()).verify(HEADER, SIGNING_INPUT, signature));
    }

    /** A reused JCA signature must still draw a new nonce each time: two signatures with one nonce give the key away. */
    @ParameterizedTest
    @MethodSource("providers")
    void eachSignatureOfTheSameInputIsANewOne(Provider provider) throws Exception {
        JWSSigner signer = EcdsaSignatures.signer(pair.getPrivate(), provider);

        Base64URL first = signer.sign(HEADER, SIGNING_INPUT);
        Base64URL second = signer.sign(HEADER, SIGNING_INPUT);

        assertFalse(Arrays.equals(Arrays.copyOf(first.decode(), 32), Arrays.copyOf(second.decode(), 32)),
                "R is the x of the nonce times the base point: the same R, the same nonce");
    }

    @ParameterizedTest
    @MethodSource("providers")
    void itVerifiesWhatTheJdkSignsAndNothingElse(Provider provider) throws Exception {
        Base64URL signature = new ECDSASigner((ECPrivateKey) pair.getPrivate()).sign(HEADER, SIGNING_INPUT);
        byte[] tampered = SIGNING_INPUT.clone();
        tampered[tampered.length - 1] ^= 1;
        ECPublicKey otherKey = (ECPublicKey) p256Pair().getPublic();

        assertTrue(EcdsaSignatures.verifier((ECPublicKey) pair.getPublic(), provider)
                .verify(HEADER, SIGNING_INPUT, signature));
        assertFalse(EcdsaSignatures.verifier((ECPublicKey) pair.getPublic(), provider)
                .verify(HEADER, tampered, signature));
        assertFalse(EcdsaSignatures.verifier(otherKey, provider).verify(HEADER, SIGNING_INPUT, signature));
    }

    private static KeyPair p256Pair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
