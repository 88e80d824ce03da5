package dev.authservice.domain.recovery;

import dev.authservice.domain.Sha256;
import dev.authservice.domain.user.PasswordHash;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Objects;

/**
 * The SHA-256 of the stored password hash a reset token was issued under. A token is good only while the account's
 * hash is still that one, so a password changed by any path (its user, a reset, an upgrade of the hash at login)
 * voids every token issued before, without the paths that change it knowing of tokens.
 */
public record PasswordFingerprint(String hex) {

    public PasswordFingerprint {
        Objects.requireNonNull(hex, "hex");
        if (!Sha256.isHex(hex)) {
            throw new IllegalArgumentException("a SHA-256 digest is 64 lower-case hex characters");
        }
    }

    public static PasswordFingerprint of(PasswordHash hash) {
        return new PasswordFingerprint(Sha256.hex(hash.encoded()));
    }

    /** Compared in constant time: how long the comparison takes says nothing of where two fingerprints differ. */
    public boolean matches(PasswordFingerprint other) {
        return MessageDigest.isEqual(hex.getBytes(StandardCharsets.US_ASCII),
                other.hex.getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    public String toString() {
        return "PasswordFingerprint[****]";
    }
}
