package dev.authservice.domain.session;

import dev.authservice.domain.Require;
import java.time.Duration;
import java.time.Instant;

/**
 * How recently a session's user must have proved who they are for a change to how they sign in: a password, a second
 * factor, a passkey, recovery codes. An access token alone is not enough for those, or a stolen one would become a
 * permanent login (a passkey of the thief's, a TOTP only the thief holds). GitHub's sudo mode, Auth0's step-up and
 * OpenID Connect's {@code max_age} are the same rule.
 *
 * @param maxAge how long after its user last proved who they are ({@link Session#authenticatedAt}) a session may change
 *               credentials; at most {@link #MAX_MAX_AGE}
 */
public record StepUpPolicy(Duration maxAge) {

    /**
     * The longest a proof may serve: whoever holds the access token meanwhile may change every credential of the
     * user. GitHub's sudo mode lasts two hours at most; one is plenty for a user at a settings page.
     */
    public static final Duration MAX_MAX_AGE = Duration.ofHours(1);

    public StepUpPolicy {
        Require.positive("maxAge", maxAge, MAX_MAX_AGE);
    }

    public static StepUpPolicy defaults() {
        return new StepUpPolicy(Duration.ofMinutes(5));
    }

    /** Whether a user who proved who they are at {@code authenticatedAt} may change how they sign in at {@code now}. */
    public boolean isRecent(Instant authenticatedAt, Instant now) {
        return now.isBefore(authenticatedAt.plus(maxAge));
    }
}
