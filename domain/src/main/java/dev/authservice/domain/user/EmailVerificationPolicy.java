package dev.authservice.domain.user;

import dev.authservice.domain.Require;
import java.time.Duration;

/**
 * How long a link that verifies an address lives (a mailed token of purpose {@code EMAIL_VERIFICATION}): a day by
 * default, time to find the mail; never longer, so an old mail found by someone else verifies nothing.
 */
public record EmailVerificationPolicy(Duration lifetime) {

    public static final Duration DEFAULT_LIFETIME = Duration.ofHours(24);
    public static final Duration MAX_LIFETIME = Duration.ofDays(1);

    public EmailVerificationPolicy {
        Require.positive("lifetime", lifetime, MAX_LIFETIME);
    }

    public static EmailVerificationPolicy defaults() {
        return new EmailVerificationPolicy(DEFAULT_LIFETIME);
    }
}
