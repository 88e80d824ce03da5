package dev.authservice.domain.session;

import dev.authservice.domain.Sha256;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The SHA-256 of a refresh token, hex-encoded: what the store keeps instead of the token. A leaked table lets nobody
 * refresh. A fast hash is enough (unlike for passwords) because the token has 256 random bits, nothing to guess.
 */
public record RefreshTokenHash(String hex) {

    private static final Pattern HEX_SHA_256 = Pattern.compile("[0-9a-f]{64}");
    /** Longer than any refresh token this service makes; anything longer is not worth hashing. */
    static final int MAX_PRESENTED_LENGTH = 256;

    public RefreshTokenHash {
        Objects.requireNonNull(hex, "hex");
        if (!HEX_SHA_256.matcher(hex).matches()) {
            throw new IllegalArgumentException("a SHA-256 digest is 64 lower-case hex characters");
        }
    }

    public static RefreshTokenHash of(String token) {
        return new RefreshTokenHash(Sha256.hex(token));
    }

    /** The hash of a token as a client presented it; none for a missing, empty or over-long one: it names nothing. */
    public static Optional<RefreshTokenHash> ofPresented(String token) {
        if (token == null || token.isEmpty() || token.length() > MAX_PRESENTED_LENGTH) {
            return Optional.empty();
        }
        return Optional.of(of(token));
    }

    @Override
    public String toString() {
        return "RefreshTokenHash[" + hex.substring(0, 8) + "...]";
    }
}
