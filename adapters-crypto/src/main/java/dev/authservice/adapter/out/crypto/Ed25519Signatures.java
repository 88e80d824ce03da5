package dev.authservice.adapter.out.crypto;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSProvider;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.jca.JCAContext;
import com.nimbusds.jose.jwk.OctetKeyPair;
import com.nimbusds.jose.util.Base64URL;
import java.util.Set;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;
import org.bouncycastle.crypto.params.Ed25519PublicKeyParameters;
import org.bouncycastle.math.ec.rfc8032.Ed25519;

/**
 * EdDSA JWS signatures (RFC 8037: Ed25519 over the signing input, the 64 bytes base64url) with Bouncy Castle's
 * Ed25519, as Nimbus signers and verifiers. Nimbus's own go through Tink, whose Ed25519 took 86 µs to sign and 230 to
 * verify on the benchmark host against Bouncy Castle's 46 and 103 (docs/benchmarks/jmh-tokens.md), and cost a
 * refresh more than that in the service. Only the arithmetic is Bouncy Castle's; JwtKeyTest checks RFC 8037's example
 * signature byte for byte. Both are stateless, so thread-safe.
 */
final class Ed25519Signatures {

    private static final Set<JWSAlgorithm> EDDSA = Set.of(JWSAlgorithm.EdDSA);

    private Ed25519Signatures() {
    }

    static JWSSigner signer(OctetKeyPair key) throws JOSEException {
        if (key.getD() == null) {
            throw new JOSEException("an Ed25519 public key cannot sign");
        }
        return new Signer(new Ed25519PrivateKeyParameters(key.getDecodedD()),
                new Ed25519PublicKeyParameters(key.getDecodedX()));
    }

    static JWSVerifier verifier(OctetKeyPair key) {
        return new Verifier(new Ed25519PublicKeyParameters(key.getDecodedX()));
    }

    /** What Nimbus asks of every signer and verifier: the one algorithm, and a JCA context that is never used. */
    private abstract static class EdDsaOnly implements JWSProvider {

        private final JCAContext jcaContext = new JCAContext();

        @Override
        public Set<JWSAlgorithm> supportedJWSAlgorithms() {
            return EDDSA;
        }

        @Override
        public JCAContext getJCAContext() {
            return jcaContext;
        }
    }

    private static final class Signer extends EdDsaOnly implements JWSSigner {

        private final Ed25519PrivateKeyParameters privateKey;
        private final Ed25519PublicKeyParameters publicKey;

        Signer(Ed25519PrivateKeyParameters privateKey, Ed25519PublicKeyParameters publicKey) {
            this.privateKey = privateKey;
            this.publicKey = publicKey;
        }

        @Override
        public Base64URL sign(JWSHeader header, byte[] signingInput) throws JOSEException {
            if (!JWSAlgorithm.EdDSA.equals(header.getAlgorithm())) {
                throw new JOSEException("an Ed25519 key signs EdDSA only, not " + header.getAlgorithm());
            }
            byte[] signature = new byte[Ed25519.SIGNATURE_SIZE];
            privateKey.sign(Ed25519.Algorithm.Ed25519, publicKey, null, signingInput, 0, signingInput.length,
                    signature, 0);
            return Base64URL.encode(signature);
        }
    }

    private static final class Verifier extends EdDsaOnly implements JWSVerifier {

        private final Ed25519PublicKeyParameters publicKey;

        Verifier(Ed25519PublicKeyParameters publicKey) {
            this.publicKey = publicKey;
        }

        /** False for another algorithm, for any critical header parameter (none is understood) and for a bad length. */
        @Override
        public boolean verify(JWSHeader header, byte[] signingInput, Base64URL signature) {
            if (!JWSAlgorithm.EdDSA.equals(header.getAlgorithm())
                    || (header.getCriticalParams() != null && !header.getCriticalParams().isEmpty())) {
                return false;
            }
            byte[] bytes = signature.decode();
            return bytes.length == Ed25519.SIGNATURE_SIZE && publicKey.verify(Ed25519.Algorithm.Ed25519, null,
                    signingInput, 0, signingInput.length, bytes, 0);
        }
    }
}
