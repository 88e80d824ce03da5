package dev.authservice.application.session.port.out;

import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.session.ActiveSession;
import dev.authservice.domain.session.Decision;
import dev.authservice.domain.session.RefreshAttempt;
import dev.authservice.domain.session.RefreshToken;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.session.TokenRecord;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Optional;

/**
 * The durable record of sessions and their refresh tokens, the tokens known by hash only. It finds what the domain
 * decides on and carries out the transitions of {@link RefreshToken} and {@link Session}; it decides none. Every
 * method is atomic on its own, joins the caller's transaction ({@link Transactions}) when there is one, and is shared
 * by every instance of the service that uses the same store. {@code SessionStoreContract} and
 * {@code SessionStoreProperties} hold every implementation to what is written here.
 */
public interface SessionStore {

    /** Login: records a new, live session together with its first refresh token. */
    void start(Session session, RefreshToken.Active firstToken);

    /**
     * A refresh, first half: what is on record for the attempt ({@link TokenRecord}: the presented token, its session
     * and owner, and whatever is stored under the attempt's successor hash), every field that
     * {@link RefreshAttempt#decide} reads; empty for a hash nobody issued. The token and its session stay locked until
     * the caller's transaction ends, so that, with {@link #carryOut} in the same transaction, the attempts on one
     * session are found, decided and written one after the other on every instance: the second of two presentations
     * of one token finds it rotated.
     */
    Optional<TokenRecord> lockRecordOf(RefreshAttempt attempt);

    /**
     * A refresh, second half: writes what the domain decided on the record {@link #lockRecordOf} found, in the same
     * transaction, and nothing else. A rotation stores the rotated token, its successor and the session's last use
     * ({@link RefreshToken.Rotation#sessionUsedAt}); a repeat marks the token repeated; a reuse revokes the session as
     * {@link #revoke} does; a refusal writes nothing.
     */
    void carryOut(Decision decision);

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
