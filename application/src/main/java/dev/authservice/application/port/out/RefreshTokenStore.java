package dev.authservice.application.port.out;

import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.token.ActiveSession;
import dev.authservice.domain.token.RefreshToken;
import dev.authservice.domain.token.RefreshTokenHash;
import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.token.Session;
import dev.authservice.domain.token.SessionId;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Optional;

/**
 * The durable record of sessions and their refresh tokens, known by hash only. Every method is atomic on its own,
 * and shared by every instance of the service that uses the same store.
 */
public interface RefreshTokenStore {

    /** Records a new session together with its first refresh token. */
    void startSession(Session session, RefreshToken.Active firstToken);

    /** The token with this hash in its current state; a token of a revoked session is {@link RefreshToken.Revoked}. */
    Optional<RefreshToken> findByHash(RefreshTokenHash hash);

    /**
     * Marks the rotated token as used and stores its successor, but only if the token is still active at that moment.
     * For any one token, at most one call returns {@code true}, however many callers race, on however many
     * instances. The loser learns only that the token was no longer active; {@link #findByHash} tells it whether the
     * token was rotated meanwhile (a reuse) or revoked.
     */
    boolean rotate(RefreshToken.Rotation rotation);

    /**
     * The common case of a refresh in one step, for a store that can do it atomically: if the token with hash
     * {@code presented} is active and unexpired at {@code now} and its owner enabled, marks it rotated, records the
     * session's use and stores the successor (hash {@code successor}, expiring at {@code successorExpiresAt}), as
     * {@link #rotate} would. Empty when it did nothing, for whatever reason, or cannot do this: the caller then reads
     * the token and lets {@link RefreshToken#presentedAt} decide. Like {@link #rotate}, at most one call succeeds
     * for any one token.
     */
    Optional<RotatedAtOnce> rotateIfActive(RefreshTokenHash presented, RefreshTokenHash successor, Instant now,
                                           Instant successorExpiresAt);

    /** What {@link #rotateIfActive} rotated: the session of the token, and its owner as the rotation found them. */
    record RotatedAtOnce(SessionId sessionId, UserAccount owner) {
    }

    /**
     * Ends the session: it and every refresh token of it are revoked, and {@link RevokedSessions} reports it from
     * now on. Revoking a revoked session changes nothing. Returns whether the session was active until now.
     */
    boolean revokeSession(SessionId sessionId, RevocationReason reason, Instant now);

    /**
     * Ends every session of {@code userId} but {@code except} (when given) as {@link #revokeSession} does, in one
     * transaction. Returns how many were active until now.
     */
    int revokeSessionsOf(UserId userId, Optional<SessionId> except, RevocationReason reason, Instant now);

    /** The session, ended or not, if it exists. */
    Optional<Session> findSession(SessionId sessionId);

    /**
     * The user's sessions that are not revoked and still hold an active refresh token unexpired at {@code now}: the
     * ones a client could still refresh. Most recently used first; the request's sort is ignored.
     */
    Page<ActiveSession> activeSessionsOf(UserId userId, PageRequest page, Instant now);
}
