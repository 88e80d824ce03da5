package dev.authservice.domain.session;

import dev.authservice.domain.Require;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * How long tokens live and what an access token must say to be believed: the time windows of both sides, the one
 * that issues tokens and the one that checks them and keeps revocations, in one place.
 *
 * @param clockSkew how far the clocks of this service and of whoever checks its tokens may disagree
 * @param sessionMaxLifetime how long a session lives from its login however often it is refreshed (Keycloak's "SSO
 *                           Session Max", Auth0's absolute expiration); no refresh token outlives it
 * @param reuseGrace         how long after a rotation the rotated token may be presented once more and get the same
 *                           successor (two tabs that raced, an answer lost); zero, the default, is strict rotation
 */
public record TokenPolicy(Duration accessTokenTtl, Duration refreshTokenTtl, String issuer, Duration clockSkew,
                          Duration sessionMaxLifetime, Duration reuseGrace) {

    /**
     * The longest an access token may live. Nothing but the deny-list stops one before its exp, a logout's entry is
     * kept for the token's life ({@link #revocationHorizon()}), and a stolen one is good for as long: minutes are
     * usual, a day is the most a client that refreshes once a day could need.
     */
    public static final Duration MAX_ACCESS_TOKEN_TTL = Duration.ofDays(1);

    /**
     * The longest a refresh token may live, each rotation starting it afresh: an untouched session ends within a
     * year. Browsers keep no cookie longer than 400 days anyway (RFC 6265bis).
     */
    public static final Duration MAX_REFRESH_TOKEN_TTL = Duration.ofDays(365);

    /**
     * The most the clocks may disagree: synchronised clocks differ by far less, Kerberos allows five minutes, and an
     * expired token stays good for the skew.
     */
    public static final Duration MAX_CLOCK_SKEW = Duration.ofMinutes(5);

    /**
     * The longest a session may live: a stolen refresh token kept rotating is good for as long. Two years bounds
     * what a "remember me" needs; most services choose days to months.
     */
    public static final Duration MAX_SESSION_LIFETIME = Duration.ofDays(730);

    /**
     * The longest reuse grace: a copy of a rotated token presented within it is taken for the client's own retry, so
     * it must cover a lost answer or a race between tabs, and no more.
     */
    public static final Duration MAX_REUSE_GRACE = Duration.ofSeconds(60);

    /** iat and exp are whole seconds, each rounded down: a lifetime that is not may read up to a second longer. */
    private static final Duration NUMERIC_DATE_ROUNDING = Duration.ofSeconds(1);

    public TokenPolicy {
        Require.positive("accessTokenTtl", accessTokenTtl, MAX_ACCESS_TOKEN_TTL);
        Require.positive("refreshTokenTtl", refreshTokenTtl, MAX_REFRESH_TOKEN_TTL);
        Objects.requireNonNull(issuer, "issuer");
        Require.notNegative("clockSkew", clockSkew, MAX_CLOCK_SKEW);
        Require.positive("sessionMaxLifetime", sessionMaxLifetime, MAX_SESSION_LIFETIME);
        Require.notNegative("reuseGrace", reuseGrace, MAX_REUSE_GRACE);
    }

    public Instant accessTokenExpiry(Instant issuedAt) {
        return issuedAt.plus(accessTokenTtl);
    }

    public Instant refreshTokenExpiry(Instant issuedAt) {
        return issuedAt.plus(refreshTokenTtl);
    }

    /** When a session that begins at {@code start} ends, however often it is refreshed. */
    public Instant sessionEnd(Instant start) {
        return start.plus(sessionMaxLifetime);
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
}
