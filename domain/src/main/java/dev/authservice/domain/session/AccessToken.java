package dev.authservice.domain.session;

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
 * @param methods         {@code amr}: how the token's session last proved who its user is, at login or since
 * @param authenticatedAt {@code auth_time} (OpenID Connect Core, section 2): when it did
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
        AuthenticationMethods methods,
        Instant authenticatedAt) {

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
        Objects.requireNonNull(authenticatedAt, "authenticatedAt");
    }

    /**
     * A new token for {@code user} in {@code session}, saying how and when the session last proved who its user is,
     * valid from {@code now} for as long as the policy says, and never past the session's end: a token outliving its
     * session would keep a user in after the session's absolute lifetime.
     */
    public static AccessToken issue(String tokenId, UserAccount user, Session session, Instant now,
                                    TokenPolicy policy) {
        Instant policyExpiry = policy.accessTokenExpiry(now);
        Instant expiresAt = policyExpiry.isAfter(session.endsAt()) ? session.endsAt() : policyExpiry;
        return new AccessToken(tokenId, policy.issuer(), user.username(), user.id(), session.id(), user.roles(),
                user.nickname(), user.department(), now, now, expiresAt, session.methods(), session.authenticatedAt());
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
