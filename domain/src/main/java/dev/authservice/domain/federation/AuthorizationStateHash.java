package dev.authservice.domain.federation;

import dev.authservice.domain.Sha256;
import java.util.Optional;

/**
 * The SHA-256 of an authorization request's {@code state}: what the store keeps of a {@link PendingAuthorization}
 * instead of the state, as it keeps a refresh token. The state has 256 random bits, so a fast hash is enough.
 */
public record AuthorizationStateHash(String hex) {

    public AuthorizationStateHash {
        Sha256.requireHex(hex);
    }

    public static AuthorizationStateHash of(String state) {
        return new AuthorizationStateHash(Sha256.hex(state));
    }

    /** The hash of a state as a browser brought it back; none for an empty or over-long one: it names nothing. */
    public static Optional<AuthorizationStateHash> ofPresented(String state) {
        return Sha256.ofPresented(state).map(AuthorizationStateHash::new);
    }

    @Override
    public String toString() {
        return "AuthorizationStateHash[" + hex.substring(0, 8) + "...]";
    }
}
