package dev.authservice.domain.secondfactor;

import dev.authservice.domain.Require;
import java.util.Arrays;
import java.util.Objects;

/**
 * A secret as the store keeps it: encrypted under a server key, with the id of that key, so that keys can rotate
 * (a secret sealed under an older key still opens while that key is configured). What is inside is none of the
 * domain's business.
 */
public final class SealedSecret {

    public static final int MAX_KEY_ID_LENGTH = 64;

    private final String keyId;
    private final byte[] ciphertext;

    public SealedSecret(String keyId, byte[] ciphertext) {
        this.keyId = Require.text("keyId", keyId, MAX_KEY_ID_LENGTH);
        this.ciphertext = Objects.requireNonNull(ciphertext, "ciphertext").clone();
    }

    public String keyId() {
        return keyId;
    }

    public byte[] ciphertext() {
        return ciphertext.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SealedSecret that && keyId.equals(that.keyId)
                && Arrays.equals(ciphertext, that.ciphertext);
    }

    @Override
    public int hashCode() {
        return 31 * keyId.hashCode() + Arrays.hashCode(ciphertext);
    }

    @Override
    public String toString() {
        return "SealedSecret[" + keyId + "]";
    }
}
