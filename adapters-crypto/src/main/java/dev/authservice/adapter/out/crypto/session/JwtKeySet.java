package dev.authservice.adapter.out.crypto.session;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The keys of an asymmetric algorithm: the one that signs new tokens, and the verification-only ones, the previous
 * signing keys whose tokens may still be alive, or the next one announced before it signs. Every one verifies
 * the tokens that name it in their {@code kid}, so a key can be rotated without logging anyone out (docs/keys.md).
 */
public record JwtKeySet(JwtKey signing, List<JwtKey> verificationOnly) {

    public JwtKeySet {
        verificationOnly = List.copyOf(verificationOnly);
        for (JwtKey key : verificationOnly) {
            if (key.algorithm() != signing.algorithm()) {
                throw new IllegalArgumentException("a verification key for " + key.algorithm()
                        + " beside a signing key for " + signing.algorithm());
            }
        }
    }

    public JwtAlgorithm algorithm() {
        return signing.algorithm();
    }

    /** Every key by its {@code kid}, the signing key first; a key listed twice is one key. */
    Map<String, JwtKey> byKeyId() {
        Map<String, JwtKey> keys = new LinkedHashMap<>();
        keys.put(signing.keyId(), signing);
        verificationOnly.forEach(key -> keys.putIfAbsent(key.keyId(), key));
        return keys;
    }
}
