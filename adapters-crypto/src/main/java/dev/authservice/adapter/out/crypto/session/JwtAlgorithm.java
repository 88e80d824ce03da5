package dev.authservice.adapter.out.crypto.session;

import com.nimbusds.jose.JWSAlgorithm;
import dev.authservice.adapter.out.crypto.session.jca.SignatureProvider;
import java.util.Arrays;

/**
 * The JWS algorithms access tokens may be signed with (RFC 7518, RFC 8037), one per service: every token is signed and
 * verified with this one, never with the one its header names.
 */
public enum JwtAlgorithm {

    /** HMAC-SHA256 with a shared secret ({@link JwtSecret}): only this service can verify its tokens. */
    HS256(JWSAlgorithm.HS256, null, "a secret"),
    /** ECDSA on P-256 with SHA-256. */
    ES256(JWSAlgorithm.ES256, "EC", "an EC P-256 key"),
    /** Ed25519 (RFC 8037). */
    EdDSA(JWSAlgorithm.EdDSA, "Ed25519", "an Ed25519 key"),
    /** RSASSA-PKCS1-v1_5 with SHA-256, keys of at least 2048 bits. */
    RS256(JWSAlgorithm.RS256, "RSA", "an RSA key of at least " + JwtKey.MIN_RSA_BITS + " bits");

    private final JWSAlgorithm jws;
    private final String jcaKeyAlgorithm;
    private final String keyDescription;

    JwtAlgorithm(JWSAlgorithm jws, String jcaKeyAlgorithm, String keyDescription) {
        this.jws = jws;
        this.jcaKeyAlgorithm = jcaKeyAlgorithm;
        this.keyDescription = keyDescription;
    }

    /** The algorithm of this exact name, as in a token's {@code alg} header; anything else is refused. */
    public static JwtAlgorithm named(String name) {
        return Arrays.stream(values()).filter(algorithm -> algorithm.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "must be one of " + Arrays.toString(values()) + ", not '" + name + "'"));
    }

    /** Whether tokens are signed with a private key whose public half others may verify with. */
    public boolean isAsymmetric() {
        return jcaKeyAlgorithm != null;
    }

    /** What the key must be, for messages: "an EC P-256 key". */
    public String keyDescription() {
        return keyDescription;
    }

    /** Whose arithmetic signs and verifies this algorithm on this machine, for the start-up log. */
    public String implementation() {
        switch (this) {
            case ES256:
            case EdDSA:
                return SignatureProvider.describe();
            default:
                return "the JDK";
        }
    }

    JWSAlgorithm jws() {
        return jws;
    }

    /** The name of the key's algorithm for the JDK's {@code KeyFactory} and {@code KeyPairGenerator}. */
    String jcaKeyAlgorithm() {
        return jcaKeyAlgorithm;
    }
}
