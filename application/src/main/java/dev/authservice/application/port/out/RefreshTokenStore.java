package dev.authservice.application.port.out;

import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.token.ActiveSession;
import dev.authservice.domain.token.RefreshToken;
import dev.authservice.domain.token.RefreshTokenHash;
import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.token.Session;
import dev.authservice.domain.token.SessionId;
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
     * instances: the loser learns it presented a token that was already used.
     */
    boolean rotate(RefreshToken.Rotation rotation);

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
