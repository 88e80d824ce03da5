package dev.authservice.domain.session;

import dev.authservice.domain.Require;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;

/**
 * One login: whose it is, when it began and when it ends however often it is refreshed (its absolute lifetime), the
 * client as seen then, and whether it has been revoked. Its refresh tokens ({@link RefreshToken}) descend from it by
 * rotation, none outliving it, and every access token issued to it names it; revoking the session ends all of them at
 * once. Nullable client details: a request need not say who it comes from.
 *
 * @param methods         how its user last proved who they are, at login or since ({@link #reauthenticate})
 * @param authenticatedAt when they did: {@code auth_time} of its access tokens, which a change to how the user signs in
 *                        asks to be recent ({@link StepUpPolicy})
 */
public record Session(SessionId id, UserId userId, Instant createdAt, Instant endsAt, ClientAddress clientAddress,
                      String userAgent, Optional<Revocation> revocation, AuthenticationMethods methods,
                      Instant authenticatedAt) {

    /** Longest User-Agent kept; the rest adds nothing a person reading a session list needs. */
    public static final int MAX_USER_AGENT_LENGTH = 512;

    public Session {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(endsAt, "endsAt");
        if (!endsAt.isAfter(createdAt)) {
            throw new IllegalArgumentException("a session ends after it begins");
        }
        userAgent = Require.kept(userAgent, MAX_USER_AGENT_LENGTH);
        Objects.requireNonNull(revocation, "revocation");
        Objects.requireNonNull(methods, "methods");
        Objects.requireNonNull(authenticatedAt, "authenticatedAt");
        if (authenticatedAt.isBefore(createdAt)) {
            throw new IllegalArgumentException("a session's user is authenticated at its start or later");
        }
    }

    /** Login with a password: a new session, live, ending when the policy's absolute lifetime is over. */
    public static Session start(SessionId id, UserId userId, Instant at, TokenPolicy policy,
                                ClientAddress clientAddress, String userAgent) {
        return start(id, userId, at, policy, clientAddress, userAgent, AuthenticationMethods.PASSWORD);
    }

    /** Login by {@code methods}, which every access token of the session names ({@code amr}). */
    public static Session start(SessionId id, UserId userId, Instant at, TokenPolicy policy,
                                ClientAddress clientAddress, String userAgent, AuthenticationMethods methods) {
        return new Session(id, userId, at, policy.sessionEnd(at), clientAddress, userAgent, Optional.empty(),
                methods, at);
    }

    public boolean isRevoked() {
        return revocation.isPresent();
    }

    /** Whether the session's absolute lifetime is over at {@code at}: from then on no refresh is accepted. */
    public boolean hasEndedAt(Instant at) {
        return !at.isBefore(endsAt);
    }

    /** A token's {@code expiry} in this session: the one asked, or the session's end if that comes first. */
    public Instant expiryWithin(Instant expiry) {
        return expiry.isBefore(endsAt) ? expiry : endsAt;
    }

    /**
     * Whether a client can still refresh this session at {@code at}: it is not revoked, it has not ended, and one of
     * its tokens is active and unexpired then. A user's list of sessions shows the live ones.
     */
    public boolean isLiveAt(Instant at, Collection<? extends RefreshToken> tokens) {
        return !isRevoked() && !hasEndedAt(at) && holdsAnActiveTokenAt(at, tokens);
    }

    /**
     * Whether the session was over by {@code cutoff}: revoked then, ended then, or holding no active token unexpired
     * then. Nothing makes an over session live again, so a store may forget it with its tokens once the clean-up's
     * retention has passed since {@code cutoff}; a token of a forgotten session is unknown from then on.
     */
    public boolean wasOverBy(Instant cutoff, Collection<? extends RefreshToken> tokens) {
        return revocation.map(revoked -> !revoked.at().isAfter(cutoff)).orElse(false) || hasEndedAt(cutoff)
                || !holdsAnActiveTokenAt(cutoff, tokens);
    }

    private boolean holdsAnActiveTokenAt(Instant at, Collection<? extends RefreshToken> tokens) {
        return tokens.stream().anyMatch(token -> token.sessionId().equals(id)
                && token instanceof RefreshToken.Active active && !active.isExpiredAt(at));
    }

    /**
     * The session once its user has proved again who they are, by {@code methods}, at {@code at}: its access tokens
     * from then on say so. Empty for a revoked or ended session: it is over, and its user logs in again.
     */
    public Optional<Session> reauthenticate(AuthenticationMethods methods, Instant at) {
        return isRevoked() || hasEndedAt(at) ? Optional.empty()
                : Optional.of(new Session(id, userId, createdAt, endsAt, clientAddress, userAgent, revocation, methods,
                        at));
    }

    /**
     * Ends the session for {@code reason}: logout, sign-out, a password change, a disabled account, an administrator,
     * or reuse of a rotated token. Revoking a revoked session changes nothing: the first revocation stands.
     */
    public Session revoke(RevocationReason reason, Instant at) {
        return isRevoked() ? this : new Session(id, userId, createdAt, endsAt, clientAddress, userAgent,
                Optional.of(new Revocation(reason, at)), methods, authenticatedAt);
    }

    public record Revocation(RevocationReason reason, Instant at) {
        public Revocation {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(at, "at");
        }
    }
}
