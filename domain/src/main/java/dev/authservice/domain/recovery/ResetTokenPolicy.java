package dev.authservice.domain.recovery;

import dev.authservice.domain.Require;
import java.time.Duration;

/** How long a password-reset token lives: long enough to open a mail, short enough that an old mail is worthless. */
public record ResetTokenPolicy(Duration lifetime) {

    public static final Duration DEFAULT_LIFETIME = Duration.ofMinutes(30);

    /** A reset link older than a day is one its reader has likely forgotten, and someone else may find. */
    public static final Duration MAX_LIFETIME = Duration.ofDays(1);

    public ResetTokenPolicy {
        Require.positive("lifetime", lifetime, MAX_LIFETIME);
    }

    public static ResetTokenPolicy defaults() {
        return new ResetTokenPolicy(DEFAULT_LIFETIME);
    }
}
