package dev.authservice.domain.token;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * How long tokens live and what an access token must say to be believed: the time windows of both sides, the one
 * that issues tokens and the one that checks them and keeps revocations, in one place.
 *
 * @param clockSkew how far the clocks of this service and of whoever checks its tokens may disagree
 */
public record TokenPolicy(Duration accessTokenTtl, Duration refreshTokenTtl, String issuer, Duration clockSkew) {

    /** iat and exp are whole seconds, each rounded down: a lifetime that is not may read up to a second longer. */
    private static final Duration NUMERIC_DATE_ROUNDING = Duration.ofSeconds(1);

    public TokenPolicy {
        requirePositive(accessTokenTtl, "accessTokenTtl");
        requirePositive(refreshTokenTtl, "refreshTokenTtl");
        Objects.requireNonNull(issuer, "issuer");
        Objects.requireNonNull(clockSkew, "clockSkew");
        if (clockSkew.isNegative()) {
            throw new IllegalArgumentException("clockSkew must not be negative");
        }
    }

    public Instant accessTokenExpiry(Instant issuedAt) {
        return issuedAt.plus(accessTokenTtl);
    }

    public Instant refreshTokenExpiry(Instant issuedAt) {
        return issuedAt.plus(refreshTokenTtl);
    }

    /** Whether {@code token} may be believed at {@code now}, as far as its issuer and its times go. */
    public Verdict judge(AccessToken token, Instant now) {
        if (!token.issuer().equals(issuer) || token.isFromTheFuture(now, clockSkew)) {
            return Verdict.INVALID;
        }
        // One living longer than this service makes them (issued under an older, longer ttl) could outlive its
        // session's entry on the deny-list, which is kept for the revocation horizon only: refused, so its client
        // refreshes.
        if (token.timeToLive().compareTo(longestAccessTokenLife()) > 0) {
            return Verdict.INVALID;
        }
        return token.isExpiredAt(now, clockSkew) ? Verdict.EXPIRED : Verdict.VALID;
    }

    /**
     * How long after a session's revocation one of its access tokens can still be believed: one issued just before
     * lives {@link #longestAccessTokenLife()}, is accepted a skew past its exp, and may carry dates a skew ahead
     * from an issuer whose clock ran fast. A deny-list that keeps each revocation this long misses none.
     */
    public Duration revocationHorizon() {
        return longestAccessTokenLife().plus(clockSkew.multipliedBy(2));
    }

    private Duration longestAccessTokenLife() {
        return accessTokenTtl.plus(NUMERIC_DATE_ROUNDING);
    }

    public enum Verdict {
        VALID,
        /** Not one of this service's tokens as they are made now: wrong issuer, from the future, too long a life. */
        INVALID,
        EXPIRED
    }

    private static void requirePositive(Duration duration, String name) {
        Objects.requireNonNull(duration, name);
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(name + " must be positive");
        }
    }
}
