package dev.authservice.application.port.out;

import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.session.ActiveSession;
import dev.authservice.domain.session.Decision;
import dev.authservice.domain.session.RefreshAttempt;
import dev.authservice.domain.session.RefreshToken;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Optional;

/**
 * The durable record of sessions and their refresh tokens, the tokens known by hash only. It carries out the
 * transitions of {@link RefreshToken} and {@link Session}; it decides none. Every method is atomic on its own, and
 * shared by every instance of the service that uses the same store. {@code SessionStoreContract} holds every
 * implementation to what is written here.
 */
public interface SessionStore {

    /** Login: records a new, live session together with its first refresh token. */
    void start(Session session, RefreshToken.Active firstToken);

    /**
     * Refresh: looks up the presented token with its session and owner, lets {@link RefreshAttempt#decide} decide, and
     * carries the decision out, all at once: a rotation stores the rotated token, its successor and the session's
     * last use ({@link RefreshToken.Rotation#sessionUsedAt}); a repeat marks the token repeated; a reuse revokes the session as {@link #revoke} does; a refusal changes
     * nothing. Presentations of tokens of one session are carried out one after the other, on every instance, so
     * the second of two presentations of one token finds it rotated. A store may take a shortcut (one statement
     * instead of read, decide, write) where the contract test proves it does exactly what the domain decides.
     */
    Decision refresh(RefreshAttempt attempt);

    /**
     * Carries out {@link Session#revoke}: the session and every token of it are refused from now on, and
     * {@link RevokedSessions} reports it. Returns whether the session was live until now (false for an unknown one).
     */
    boolean revoke(SessionId sessionId, RevocationReason reason, Instant at);

    /**
     * Revokes every live session of {@code userId} but {@code except} (when given) as {@link #revoke} does, in one
     * transaction. Returns how many were live until now.
     */
    int revokeAllOf(UserId userId, Optional<SessionId> except, RevocationReason reason, Instant at);

    /**
     * Carries out {@link Session#reauthenticate}: stores {@code reauthenticated}'s methods and authentication time.
     * False, and nothing changed, when the session has been revoked since it was read, or is unknown.
     */
    boolean reauthenticate(Session reauthenticated);

    /** The session, revoked or not, if it exists. */
    Optional<Session> find(SessionId sessionId);

    /**
     * The user's sessions that are not revoked and still hold an active refresh token unexpired at {@code now}: the
     * ones a client could still refresh. Most recently used first.
     */
    Page<ActiveSession> activeSessionsOf(UserId userId, PageRequest page, Instant now);

    /**
     * The clean-up: forgets up to {@code batchSize} sessions that were over by {@code cutoff} ({@link Session#wasOverBy}),
     * with their tokens, in one transaction. Returns how many; 0 when none is left.
     */
    int forgetOverBy(Instant cutoff, int batchSize);
}
