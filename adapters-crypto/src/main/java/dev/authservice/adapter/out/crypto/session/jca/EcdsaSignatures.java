package dev.authservice.adapter.out.crypto.session.jca;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.impl.ECDSA;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.interfaces.ECPublicKey;

/**
 * ES256 signatures on the {@link SignatureProvider}: a {@link PooledJcaSigner} writing R and S as RFC 7518 has them,
 * and Nimbus's verifier, which also refuses signatures out of range. Keys are translated into the provider's own once,
 * which spares Bouncy Castle making its tables for the curve's base point again per signature.
 */
public final class EcdsaSignatures {

    /** R and S, 32 bytes each (RFC 7518, section 3.4). */
    private static final int R_AND_S_BYTES = 64;

    private EcdsaSignatures() {
    }

    public static JWSSigner signer(PrivateKey key) throws JOSEException {
        return signer(key, SignatureProvider.onThisMachine());
    }

    public static JWSVerifier verifier(ECPublicKey key) throws JOSEException {
        return verifier(key, SignatureProvider.onThisMachine());
    }

    public static JWSSigner signer(PrivateKey key, Provider provider) throws JOSEException {
        return new PooledJcaSigner(JWSAlgorithm.ES256, "SHA256withECDSA", (PrivateKey) translate(key, provider),
                provider, der -> ECDSA.transcodeSignatureToConcat(der, R_AND_S_BYTES));
    }

    public static JWSVerifier verifier(ECPublicKey key, Provider provider) throws JOSEException {
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
}
