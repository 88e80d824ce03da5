package dev.authservice.domain.token;

import java.time.Duration;
import java.util.Objects;

/**
 * How long tokens live and what an access token must say to be believed.
 *
 * @param clockSkew how far the clocks of this service and of whoever checks its tokens may disagree
 */
public record TokenPolicy(Duration accessTokenTtl, Duration refreshTokenTtl, String issuer, Duration clockSkew) {

    public TokenPolicy {
        requirePositive(accessTokenTtl, "accessTokenTtl");
        requirePositive(refreshTokenTtl, "refreshTokenTtl");
        Objects.requireNonNull(issuer, "issuer");
        Objects.requireNonNull(clockSkew, "clockSkew");
        if (clockSkew.isNegative()) {
            throw new IllegalArgumentException("clockSkew must not be negative");
        }
    }

    private static void requirePositive(Duration duration, String name) {
        Objects.requireNonNull(duration, name);
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(name + " must be positive");
        }
    }
}
