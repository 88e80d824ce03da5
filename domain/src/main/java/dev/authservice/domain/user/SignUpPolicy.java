package dev.authservice.domain.user;

import dev.authservice.domain.Require;
import java.time.Duration;
import java.time.Instant;

/**
 * How long an account made by sign-up may stay pending, its address never verified, before the clean-up removes it:
 * a week by default, time to find the mail and ask for the link again; at most thirty days, so that a name and a
 * mailbox claimed by someone who never confirmed are not held for long.
 */
public record SignUpPolicy(Duration pendingLifetime) {

    public static final Duration DEFAULT_PENDING_LIFETIME = Duration.ofDays(7);
    public static final Duration MAX_PENDING_LIFETIME = Duration.ofDays(30);

    public SignUpPolicy {
        Require.positive("pendingLifetime", pendingLifetime, MAX_PENDING_LIFETIME);
    }

    public static SignUpPolicy defaults() {
        return new SignUpPolicy(DEFAULT_PENDING_LIFETIME);
    }

    /** Accounts pending since this moment or before, at {@code now}, are removed. */
    public Instant removedIfPendingSince(Instant now) {
        return now.minus(pendingLifetime);
    }
}
