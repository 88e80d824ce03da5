package dev.authservice.domain.mailedtoken;

import dev.authservice.domain.Sha256;
import java.util.Objects;
import java.util.Optional;

/**
 * The SHA-256 of a mailed token, hex-encoded: what the store keeps instead of the token, so a leaked table
 * does nothing. A fast hash is enough because the token has 256 random bits, nothing to guess.
 */
public record MailedTokenHash(String hex) {

    /** Longer than any token this service makes; anything longer is not worth hashing. */
    public static final int MAX_PRESENTED_LENGTH = 256;

    public MailedTokenHash {
        Objects.requireNonNull(hex, "hex");
        if (!Sha256.isHex(hex)) {
            throw new IllegalArgumentException("a SHA-256 digest is 64 lower-case hex characters");
        }
    }

    public static MailedTokenHash of(String token) {
        return new MailedTokenHash(Sha256.hex(token));
    }

    /** The hash of a token as a client presented it; none for an empty or over-long one: it names nothing. */
    public static Optional<MailedTokenHash> ofPresented(String token) {
        if (token == null || token.isEmpty() || token.length() > MAX_PRESENTED_LENGTH) {
            return Optional.empty();
        }
        return Optional.of(of(token));
    }

    @Override
    public String toString() {
        return "MailedTokenHash[" + hex.substring(0, 8) + "...]";
    }
}
