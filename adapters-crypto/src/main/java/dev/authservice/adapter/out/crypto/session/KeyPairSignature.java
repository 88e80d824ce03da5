package dev.authservice.adapter.out.crypto.session;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.util.Base64URL;
import java.nio.charset.StandardCharsets;

/** ES256, EdDSA or RS256 with the two halves of a {@link JwtKey}, through Nimbus. Thread-safe: Nimbus's are. */
final class KeyPairSignature implements JwsSignature {

    private final JWSHeader header;
    private final JWSSigner signer;
    private final JWSVerifier verifier;

    KeyPairSignature(JWSHeader header, JwtKey key) {
        this.header = header;
        this.signer = key.signer();
        this.verifier = key.verifier();
    }

    @Override
    public String sign(String signingInput) {
        try {
            return signer.sign(header, signingInput.getBytes(StandardCharsets.US_ASCII)).toString();
        } catch (JOSEException e) {
            throw new IllegalStateException("a key that signed its pair probe signs", e);
        }
    }

    @Override
    public boolean verifies(String signingInput, String signature) {
        try {
            return verifier.verify(header, signingInput.getBytes(StandardCharsets.US_ASCII), new Base64URL(signature));
        } catch (JOSEException e) {
            return false;
        }
    }
}
