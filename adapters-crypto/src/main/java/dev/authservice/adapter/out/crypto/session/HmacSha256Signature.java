package dev.authservice.adapter.out.crypto.session;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HS256 with the JDK's {@link Mac}, initialised once and only ever cloned: Nimbus's signer and verifier look the
 * algorithm up and initialise a new one on every call. A clone per call, not one per thread, because on JDK 21+
 * blocking requests run on virtual threads, a new one per request (docs/benchmarks, JMH). Thread-safe.
 */
final class HmacSha256Signature implements JwsSignature {

    private static final String JCA_MAC = "HmacSHA256";
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private final SecretKeySpec key;
    private final Mac initialised;

    HmacSha256Signature(JwtSecret secret) {
        this.key = new SecretKeySpec(secret.bytes(), JCA_MAC);
        this.initialised = newMac();
    }

    @Override
    public String sign(String signingInput) {
        return new String(signatureOf(signingInput), StandardCharsets.US_ASCII);
    }

    /** The MAC in canonical base64url must be exactly {@code signature}, compared in constant time. */
    @Override
    public boolean verifies(String signingInput, String signature) {
        return MessageDigest.isEqual(signatureOf(signingInput), signature.getBytes(StandardCharsets.US_ASCII));
    }

    private byte[] signatureOf(String signingInput) {
        return BASE64URL.encode(mac().doFinal(signingInput.getBytes(StandardCharsets.US_ASCII)));
    }

    private Mac mac() {
        try {
            return (Mac) initialised.clone();
        } catch (CloneNotSupportedException notByThisProvider) {
            return newMac();
        }
    }

    private Mac newMac() {
        try {
            Mac mac = Mac.getInstance(JCA_MAC);
            mac.init(key);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK has " + JCA_MAC, e);
        }
    }
}
