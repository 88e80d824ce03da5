package dev.authservice.domain.mailedtoken;

import dev.authservice.domain.Sha256;
import java.util.Optional;

/**
 * The SHA-256 of a mailed token, hex-encoded: what the store keeps instead of the token, so a leaked table
 * does nothing. A fast hash is enough because the token has 256 random bits, nothing to guess.
 */
public record MailedTokenHash(String hex) {

    public MailedTokenHash {
        Sha256.requireHex(hex);
    }

    public static MailedTokenHash of(String token) {
        return new MailedTokenHash(Sha256.hex(token));
    }

    /** The hash of a token as a client presented it; none for an empty or over-long one: it names nothing. */
    public static Optional<MailedTokenHash> ofPresented(String token) {
        return Sha256.ofPresented(token).map(MailedTokenHash::new);
    }

    @Override
    public String toString() {
        return "MailedTokenHash[" + hex.substring(0, 8) + "...]";
    }
}
