package dev.authservice.adapter.out.crypto.session.jca;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.util.Base64URL;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The pool of initialised signatures behind ES256 and EdDSA never lets two signatures share one. */
class PooledJcaSignerTest {

    private static final int THREADS = 8;
    private static final int SIGNATURES_PER_TASK = 50;

    static Stream<Arguments> signers() {
        return SignatureProviderTest.providers().flatMap(provider -> Stream.of(
                Arguments.of(JWSAlgorithm.ES256, provider), Arguments.of(JWSAlgorithm.EdDSA, provider)));
    }

    /** Each task signs inputs of its own: a signature shared by two threads at once would be a wrong one. */
    @ParameterizedTest
    @MethodSource("signers")
    void signaturesMadeOnManyThreadsAtOnceAreEachRight(JWSAlgorithm algorithm, Provider provider) throws Exception {
        KeyPair pair = pairFor(algorithm);
        JWSSigner signer = algorithm == JWSAlgorithm.ES256 ? EcdsaSignatures.signer(pair.getPrivate(), provider)
                : Ed25519Signatures.signer(pair.getPrivate(), provider);
        JdkVerification jdk = jdkVerification(algorithm, pair.getPublic());
        JWSHeader header = new JWSHeader(algorithm);
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        try {
            List<Callable<Boolean>> tasks = new ArrayList<>();
            for (int task = 0; task < 2 * THREADS; task++) {
                int first = task * SIGNATURES_PER_TASK;
                tasks.add(() -> {
                    for (int i = first; i < first + SIGNATURES_PER_TASK; i++) {
                        byte[] input = ("header." + i).getBytes(US_ASCII);
                        if (!jdk.of(header, input, signer.sign(header, input))) {
                            return false;
                        }
                    }
                    return true;
                });
            }
            for (Future<Boolean> done : threads.invokeAll(tasks)) {
                assertTrue(done.get());
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void itSignsItsOwnAlgorithmOnly() throws Exception {
        JWSSigner signer = Ed25519Signatures.signer(pairFor(JWSAlgorithm.EdDSA).getPrivate(),
                new BouncyCastleProvider());

        JOSEException refused = assertThrows(JOSEException.class,
                () -> signer.sign(new JWSHeader(JWSAlgorithm.ES256), "a.b".getBytes(US_ASCII)));
        assertEquals("this key signs EdDSA only, not ES256", refused.getMessage());
    }

    @Test
    void aKeyTheProviderCannotSignWithIsRefusedAtOnce() {
        KeyPair p256 = pairFor(JWSAlgorithm.ES256);

        JOSEException refused = assertThrows(JOSEException.class, () -> new PooledJcaSigner(JWSAlgorithm.EdDSA,
                "Ed25519", p256.getPrivate(), new BouncyCastleProvider(), raw -> raw));
        assertEquals("BC cannot sign EdDSA with this key", refused.getMessage());
    }

    private static KeyPair pairFor(JWSAlgorithm algorithm) {
        try {
            if (algorithm == JWSAlgorithm.EdDSA) {
                return KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
            }
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The JDK's own verification: the referee the providers' signatures are held to. */
    @FunctionalInterface
    private interface JdkVerification {
        boolean of(JWSHeader header, byte[] signingInput, Base64URL signature) throws Exception;
    }

    private static JdkVerification jdkVerification(JWSAlgorithm algorithm, PublicKey key) throws JOSEException {
        if (algorithm == JWSAlgorithm.ES256) {
            return new ECDSAVerifier((ECPublicKey) key)::verify;
        }
        return (header, signingInput, signature) -> {
            Signature jdk = Signature.getInstance("Ed25519", "SunEC");
            jdk.initVerify(key);
            jdk.update(signingInput);
            return jdk.verify(signature.decode());
        };
    }
}
