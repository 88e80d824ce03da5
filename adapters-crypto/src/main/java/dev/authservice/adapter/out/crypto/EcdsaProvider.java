package dev.authservice.adapter.out.crypto;

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
 * ES256's signatures through Nimbus with Bouncy Castle's P-256, on keys translated into Bouncy Castle's own once, so
 * that its tables for the curve's base point are made once and reused: about 100 µs a signature and as much a
 * verification on this 2-core host, where the JDK 17 provider took 700 and 1,500 (docs/benchmarks/jmh-tokens.md),
 * and Bouncy Castle on the JDK's key objects 340 and 260. The provider is handed to Nimbus per signer and verifier,
 * never installed for the whole JVM, and made only when an ES256 key is.
 */
final class EcdsaProvider {

    private static final Provider BOUNCY_CASTLE = new BouncyCastleProvider();

    private EcdsaProvider() {
    }

    static JWSSigner signer(PrivateKey key) throws JOSEException {
        ECDSASigner signer = new ECDSASigner((PrivateKey) translate(key), Curve.P_256);
        signer.getJCAContext().setProvider(BOUNCY_CASTLE);
        return signer;
    }

    static JWSVerifier verifier(ECPublicKey key) throws JOSEException {
        ECDSAVerifier verifier = new ECDSAVerifier((ECPublicKey) translate(key));
        verifier.getJCAContext().setProvider(BOUNCY_CASTLE);
        return verifier;
    }

    private static Key translate(Key key) throws JOSEException {
        try {
            return KeyFactory.getInstance("EC", BOUNCY_CASTLE).translateKey(key);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new JOSEException("Bouncy Castle cannot take this P-256 key", e);
        }
    }
}
