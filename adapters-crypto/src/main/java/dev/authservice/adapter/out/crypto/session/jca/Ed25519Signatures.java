package dev.authservice.adapter.out.crypto.session.jca;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.jca.JCAContext;
import com.nimbusds.jose.util.Base64URL;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.util.Set;

/**
 * EdDSA JWS signatures (RFC 8037: Ed25519 over the signing input, the 64 bytes base64url) as Nimbus signers and
 * verifiers on the {@link SignatureProvider}'s Ed25519. Nimbus's own go through Tink, 86 µs to sign and 230 to verify
 * on the benchmark's machine (docs/benchmarks/jmh-tokens.md). JwtKeyTest checks RFC 8037's example signature byte for
 * byte. Both are thread-safe.
 */
public final class Ed25519Signatures {

    private static final String JCA_ALGORITHM = "Ed25519";
    private static final int SIGNATURE_BYTES = 64;
    private static final Set<JWSAlgorithm> EDDSA = Set.of(JWSAlgorithm.EdDSA);

    private Ed25519Signatures() {
    }

    public static JWSSigner signer(PrivateKey key) throws JOSEException {
        return signer(key, SignatureProvider.onThisMachine());
    }

    public static JWSVerifier verifier(PublicKey key) throws JOSEException {
        return verifier(key, SignatureProvider.onThisMachine());
    }

    public static JWSSigner signer(PrivateKey key, Provider provider) throws JOSEException {
        return new PooledJcaSigner(JWSAlgorithm.EdDSA, JCA_ALGORITHM, key, provider, raw -> raw);
    }

    public static JWSVerifier verifier(PublicKey key, Provider provider) throws JOSEException {
        Verifier verifier = new Verifier(key, provider);
        verifier.initialised();
        return verifier;
    }

    private static final class Verifier implements JWSVerifier {

        private final PublicKey key;
        private final Provider provider;
        private final JCAContext unused = new JCAContext();

        Verifier(PublicKey key, Provider provider) {
            this.key = key;
            this.provider = provider;
        }

        /** False for another algorithm, for any critical header parameter (none is understood) and for a bad length. */
        @Override
        public boolean verify(JWSHeader header, byte[] signingInput, Base64URL signature) {
            if (!JWSAlgorithm.EdDSA.equals(header.getAlgorithm())
                    || (header.getCriticalParams() != null && !header.getCriticalParams().isEmpty())) {
                return false;
            }
            byte[] bytes = signature.decode();
            if (bytes.length != SIGNATURE_BYTES) {
                return false;
            }
            try {
                Signature verification = initialised();
                verification.update(signingInput);
                return verification.verify(bytes);
            } catch (JOSEException | GeneralSecurityException e) {
                return false;
            }
        }

        @Override
        public Set<JWSAlgorithm> supportedJWSAlgorithms() {
            return EDDSA;
        }

        /** Nimbus asks every verifier for one; the provider is chosen once, in the constructor. */
        @Override
        public JCAContext getJCAContext() {
            return unused;
        }

        /** A new one each time: unlike signing, initialising for verification costs next to nothing. */
        Signature initialised() throws JOSEException {
            try {
                Signature verification = Signature.getInstance(JCA_ALGORITHM, provider);
                verification.initVerify(key);
                return verification;
            } catch (GeneralSecurityException e) {
                throw new JOSEException(provider.getName() + " cannot verify with this Ed25519 key", e);
            }
        }
    }
}
