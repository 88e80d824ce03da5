package dev.authservice.domain.federation;

import dev.authservice.domain.Require;
import java.time.Duration;

/**
 * How long a started authorization waits for its callback: long enough to sign in at the provider, short enough
 * that a leaked state is soon worthless.
 */
public record AuthorizationPolicy(Duration lifetime) {

    public static final Duration DEFAULT_LIFETIME = Duration.ofMinutes(10);
    public static final Duration MAX_LIFETIME = Duration.ofHours(1);

    public AuthorizationPolicy {
        Require.positive("lifetime", lifetime, MAX_LIFETIME);
    }

    public static AuthorizationPolicy defaults() {
        return new AuthorizationPolicy(DEFAULT_LIFETIME);
    }
}
