package dev.authservice.domain.passkey;

import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * The random challenge of one registration ceremony, issued to one user with the user handle the new passkey will
 * carry. It is good for one response only, and for {@link #LIFETIME} at most: a response signed over an old or used
 * challenge is a replay.
 */
public record PasskeyChallenge(ByteString value, UserId userId, ByteString userHandle, Instant expiresAt) {

    /** Long enough for a person to find and touch an authenticator; WebAuthn suggests 5 minutes for UV. */
    public static final Duration LIFETIME = Duration.ofMinutes(5);
    /** 256 bits; WebAuthn asks for at least 16 random bytes. */
    public static final int BYTES = 32;

    public PasskeyChallenge {
        Objects.requireNonNull(value, "value");
        if (value.length() < 16) {
            throw new IllegalArgumentException("a challenge needs at least 16 random bytes");
        }
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(userHandle, "userHandle");
        Objects.requireNonNull(expiresAt, "expiresAt");
    }

    /** A challenge issued now; its expiry is kept to the millisecond, as every store keeps it. */
    public static PasskeyChallenge issue(ByteString value, UserId userId, ByteString userHandle, Instant now) {
        return new PasskeyChallenge(value, userId, userHandle, now.plus(LIFETIME).truncatedTo(ChronoUnit.MILLIS));
    }

    public boolean isExpiredAt(Instant now) {
        return !now.isBefore(expiresAt);
    }
}
