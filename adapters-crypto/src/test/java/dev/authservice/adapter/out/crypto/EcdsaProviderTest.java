package dev.authservice.adapter.out.crypto;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.amazon.corretto.crypto.provider.AmazonCorrettoCryptoProvider;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
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
import java.util.stream.Stream;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Both providers ES256 may run on sign what the JDK verifies and verify what the JDK signs, nothing else. */
class EcdsaProviderTest {

    private static final JWSHeader HEADER = new JWSHeader(JWSAlgorithm.ES256);
    private static final byte[] SIGNING_INPUT = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9".getBytes(US_ASCII);

    private final KeyPair pair = p256Pair();

    /** AWS-LC's where it loads (the next test says where it must), and Bouncy Castle's everywhere. */
    static Stream<Provider> providers() {
        return Stream.concat(
                Stream.of(AmazonCorrettoCryptoProvider.INSTANCE).filter(accp -> accp.getLoadingError() == null),
                Stream.of(new BouncyCastleProvider()));
    }

    /** Skips on other platforms; under CI ({@code CI=true}, Linux x86-64, as the benchmark's host) it fails there. */
    @Test
    void onLinuxX8664EcdsaRunsOnAwsLc() {
        boolean linuxX8664 = System.getProperty("os.name").equals("Linux")
                && System.getProperty("os.arch").equals("amd64");
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            assertTrue(linuxX8664, "CI runs on Linux x86-64, where ES256 must run on AWS-LC");
        }
        assumeTrue(linuxX8664, "the Amazon Corretto Crypto Provider's native library is built for Linux x86-64 only");

        assertEquals(AmazonCorrettoCryptoProvider.INSTANCE, EcdsaProvider.onThisMachine(),
                String.valueOf(AmazonCorrettoCryptoProvider.INSTANCE.getLoadingError()));
        assertEquals("AWS-LC (Amazon Corretto Crypto Provider " + AmazonCorrettoCryptoProvider.INSTANCE.getVersionStr()
                + ")", JwtAlgorithm.ES256.implementation());
    }

    @ParameterizedTest
    @MethodSource("providers")
    void whatItSignsTheJdkVerifies(Provider provider) throws Exception {
        Base64URL signature = EcdsaProvider.signer(pair.getPrivate(), provider).sign(HEADER, SIGNING_INPUT);

        assertEquals(86, signature.toString().length(), "R and S, 32 bytes each (RFC 7518 §3.4), in base64url");
        assertTrue(new ECDSAVerifier((ECPublicKey) pair.getPublic()).verify(HEADER, SIGNING_INPUT, signature));
    }

    @ParameterizedTest
    @MethodSource("providers")
    void itVerifiesWhatTheJdkSignsAndNothingElse(Provider provider) throws Exception {
        Base64URL signature = new ECDSASigner((ECPrivateKey) pair.getPrivate()).sign(HEADER, SIGNING_INPUT);
        byte[] tampered = SIGNING_INPUT.clone();
        tampered[tampered.length - 1] ^= 1;
        ECPublicKey otherKey = (ECPublicKey) p256Pair().getPublic();

        assertTrue(EcdsaProvider.verifier((ECPublicKey) pair.getPublic(), provider)
                .verify(HEADER, SIGNING_INPUT, signature));
        assertFalse(EcdsaProvider.verifier((ECPublicKey) pair.getPublic(), provider)
                .verify(HEADER, tampered, signature));
        assertFalse(EcdsaProvider.verifier(otherKey, provider).verify(HEADER, SIGNING_INPUT, signature));
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
