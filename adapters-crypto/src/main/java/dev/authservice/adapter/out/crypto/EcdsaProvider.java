package dev.authservice.adapter.out.crypto;

import com.amazon.corretto.crypto.provider.AmazonCorrettoCryptoProvider;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.interfaces.ECPublicKey;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * ES256's signatures through Nimbus on the fastest P-256 at hand, since every login and refresh signs one: AWS-LC's,
 * through the Amazon Corretto Crypto Provider, where its native library loads (Linux x86-64), 18 µs to sign and 47 to
 * verify on the benchmark host; elsewhere Bouncy Castle's, 98 and 107 (docs/benchmarks/jmh-tokens.md; the JDK 17
 * provider took 700 and 1,500). Keys are translated into the provider's own once, which spares Bouncy Castle making
 * its tables for the curve's base point again per signature. The provider is handed to Nimbus per signer and
 * verifier, never installed for the whole JVM, and chosen only when an ES256 key is made (ADR-0012).
 */
final class EcdsaProvider {

    private EcdsaProvider() {
    }

    /** The provider ES256 runs on here: AWS-LC's when it loads, else Bouncy Castle's. */
    static Provider onThisMachine() {
        return Chosen.PROVIDER;
    }

    /** Which arithmetic {@link #onThisMachine()} is, and why, for the start-up log. */
    static String describe() {
        Provider provider = onThisMachine();
        return provider == AmazonCorrettoCryptoProvider.INSTANCE
                ? "AWS-LC (Amazon Corretto Crypto Provider " + provider.getVersionStr() + ")"
                : "Bouncy Castle " + provider.getVersionStr() + ", 5 times slower: AWS-LC did not load here ("
                        + AmazonCorrettoCryptoProvider.INSTANCE.getLoadingError() + ")";
    }

    static JWSSigner signer(PrivateKey key) throws JOSEException {
        return signer(key, onThisMachine());
    }

    static JWSVerifier verifier(ECPublicKey key) throws JOSEException {
        return verifier(key, onThisMachine());
    }

    static JWSSigner signer(PrivateKey key, Provider provider) throws JOSEException {
        ECDSASigner signer = new ECDSASigner((PrivateKey) translate(key, provider), Curve.P_256);
        signer.getJCAContext().setProvider(provider);
        return signer;
    }

    static JWSVerifier verifier(ECPublicKey key, Provider provider) throws JOSEException {
        ECDSAVerifier verifier = new ECDSAVerifier((ECPublicKey) translate(key, provider));
        verifier.getJCAContext().setProvider(provider);
        return verifier;
    }

    private static Key translate(Key key, Provider provider) throws JOSEException {
        try {
            return KeyFactory.getInstance("EC", provider).translateKey(key);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new JOSEException(provider.getName() + " cannot take this P-256 key", e);
        }
    }

    /** Made on first use, so that a service on another algorithm loads neither provider. */
    private static final class Chosen {

        static final Provider PROVIDER = AmazonCorrettoCryptoProvider.INSTANCE.getLoadingError() == null
                ? AmazonCorrettoCryptoProvider.INSTANCE
                : new BouncyCastleProvider();
    }
}
