package dev.authservice.domain.session;

import dev.authservice.domain.Sha256;
import java.util.Optional;

/**
 * The SHA-256 of a refresh token, hex-encoded: what the store keeps instead of the token. A leaked table lets nobody
 * refresh. A fast hash is enough (unlike for passwords) because the token has 256 random bits, nothing to guess.
 */
public record RefreshTokenHash(String hex) {

    public RefreshTokenHash {
        Sha256.requireHex(hex);
    }

    public static RefreshTokenHash of(String token) {
        return new RefreshTokenHash(Sha256.hex(token));
    }

    /** The hash of a token as a client presented it; none for a missing, empty or over-long one: it names nothing. */
    public static Optional<RefreshTokenHash> ofPresented(String token) {
        return Sha256.ofPresented(token).map(RefreshTokenHash::new);
    }

    @Override
    public String toString() {
        return "RefreshTokenHash[" + hex.substring(0, 8) + "...]";
    }
}
