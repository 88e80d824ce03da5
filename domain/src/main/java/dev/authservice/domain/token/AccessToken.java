package dev.authservice.domain.token;

import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/**
 * The claims of a short-lived access token: who (identity), what they may do (roles), and for how long.
 * Signing and encoding belong to an adapter; the rules of validity in time belong here.
 *
 * @param tokenId   {@code jti}, unique per token
 * @param notBefore {@code nbf}; equal to {@code issuedAt} when the token does not carry one
 * @param methods   {@code amr}: how the token's session was authenticated at login
 */
public record AccessToken(
        String tokenId,
        String issuer,
        Username subject,
        UserId userId,
        SessionId sessionId,
        Set<Role> roles,
        String nickname,
        String department,
        Instant issuedAt,
        Instant notBefore,
        Instant expiresAt,
        AuthenticationMethods methods) {

    public AccessToken {
        Objects.requireNonNull(tokenId, "tokenId");
        Objects.requireNonNull(issuer, "issuer");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(sessionId, "sessionId");
        roles = Set.copyOf(roles);
        Objects.requireNonNull(nickname, "nickname");
        Objects.requireNonNull(department, "department");
        Objects.requireNonNull(issuedAt, "issuedAt");
        Objects.requireNonNull(notBefore, "notBefore");
        Objects.requireNonNull(expiresAt, "expiresAt");
        Objects.requireNonNull(methods, "methods");
    }

    /**
     * A new token for {@code user} in {@code sessionId}, authenticated by {@code methods}, valid from {@code now} for
     * as long as the policy says.
     */
    public static AccessToken issue(String tokenId, UserAccount user, SessionId sessionId,
                                    AuthenticationMethods methods, Instant now, TokenPolicy policy) {
        return new AccessToken(tokenId, policy.issuer(), user.username(), user.id(), sessionId, user.roles(),
                user.nickname(), user.department(), now, now, policy.accessTokenExpiry(now), methods);
    }

    /** Whether {@code exp} has passed at {@code now}, allowing {@code skew} for clocks that disagree. */
    public boolean isExpiredAt(Instant now, Duration skew) {
        return !now.isBefore(expiresAt.plus(skew));
    }

    /** Whether the token claims to be issued, or valid, later than {@code now} plus {@code skew}. */
    public boolean isFromTheFuture(Instant now, Duration skew) {
        Instant latestAcceptable = now.plus(skew);
        return issuedAt.isAfter(latestAcceptable) || notBefore.isAfter(latestAcceptable);
    }

    public Duration timeToLive() {
        return Duration.between(issuedAt, expiresAt);
    }
}
