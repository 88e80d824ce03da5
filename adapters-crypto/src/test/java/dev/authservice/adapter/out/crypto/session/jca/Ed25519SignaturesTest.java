package dev.authservice.adapter.out.crypto.session.jca;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.util.Base64URL;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Signature;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** On either provider, EdDSA signs exactly what the JDK signs (Ed25519 is deterministic), and verifies the JDK's
 * signatures and nothing else. */
class Ed25519SignaturesTest {

    private static final JWSHeader HEADER = new JWSHeader(JWSAlgorithm.EdDSA);
    private static final byte[] SIGNING_INPUT = "eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJhbGljZSJ9".getBytes(US_ASCII);

    private final KeyPair pair = ed25519Pair();

    static Stream<Provider> providers() {
        return SignatureProviderTest.providers();
    }

    @ParameterizedTest
    @MethodSource("providers")
    void itSignsWhatTheJdkSigns(Provider provider) throws Exception {
        Base64URL signature = Ed25519Signatures.signer(pair.getPrivate(), provider).sign(HEADER, SIGNING_INPUT);

        assertArrayEquals(jdkSignature(SIGNING_INPUT), signature.decode());
    }

    @ParameterizedTest
    @MethodSource("providers")
    void itVerifiesWhatTheJdkSignsAndNothingElse(Provider provider) throws Exception {
        Base64URL signature = Base64URL.encode(jdkSignature(SIGNING_INPUT));
        byte[] tampered = SIGNING_INPUT.clone();
        tampered[tampered.length - 1] ^= 1;
        JWSVerifier verifier = Ed25519Signatures.verifier(pair.getPublic(), provider);

        assertTrue(verifier.verify(HEADER, SIGNING_INPUT, signature));
        assertFalse(verifier.verify(HEADER, tampered, signature));
        assertFalse(Ed25519Signatures.verifier(ed25519Pair().getPublic(), provider)
                .verify(HEADER, SIGNING_INPUT, signature));
        assertFalse(verifier.verify(HEADER, SIGNING_INPUT,
                Base64URL.encode(Arrays.copyOf(signature.decode(), 63))), "a signature one byte short");
        assertFalse(verifier.verify(new JWSHeader(JWSAlgorithm.ES256), SIGNING_INPUT, signature));
        assertFalse(verifier.verify(new JWSHeader.Builder(JWSAlgorithm.EdDSA).criticalParams(Set.of("exp")).build(),
                SIGNING_INPUT, signature), "a critical header parameter nobody here understands");
    }

    private byte[] jdkSignature(byte[] input) throws GeneralSecurityException {
        Signature jdk = Signature.getInstance("Ed25519", "SunEC");
        jdk.initSign(pair.getPrivate());
        jdk.update(input);
        return jdk.sign();
    }

    private static KeyPair ed25519Pair() {
        try {
            return KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
