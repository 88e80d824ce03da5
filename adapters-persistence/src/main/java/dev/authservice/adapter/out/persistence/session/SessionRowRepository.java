package dev.authservice.adapter.out.persistence.session;

import dev.authservice.domain.session.RevocationReason;
import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@JdbcRepository(dialect = Dialect.ANSI)
interface SessionRowRepository extends GenericRepository<SessionRow, UUID> {

    /**
     * The user's live sessions: not revoked, not ended, and holding an ACTIVE refresh token unexpired at {@code now}.
     * Found from the tokens ({@code refresh_tokens_user_status_expires_idx}), then the sessions by primary key.
     */
    String LIVE_SESSIONS_OF_USER = " FROM sessions s WHERE s.user_id = :userId AND s.revoked_at IS NULL"
            + " AND s.ends_at > :now"
            + " AND s.id IN (SELECT t.session_id FROM refresh_tokens t"
            + " WHERE t.user_id = :userId AND t.status = 'ACTIVE' AND t.expires_at > :now)";

    void insert(SessionRow row);

    Optional<SessionRow> findById(UUID id);

    @Query("UPDATE sessions SET last_used_at = :usedAt WHERE id = :id")
    int markUsed(UUID id, Instant usedAt);

    /** Returns 1 if the session was not revoked, 0 if it was revoked already or does not exist. */
    @Query("UPDATE sessions SET amr = :amr, authenticated_at = :authenticatedAt WHERE id = :id AND revoked_at IS NULL")
    int markReauthenticated(UUID id, String amr, Instant authenticatedAt);

    /** Returns 1 if the session was active until now, 0 if it was revoked already or does not exist. */
    @Query("UPDATE sessions SET revoked_at = :revokedAt, revocation_reason = :reason"
            + " WHERE id = :id AND revoked_at IS NULL")
    int markRevoked(UUID id, RevocationReason reason, Instant revokedAt);

    /**
     * Locks the user's sessions that are not revoked, but {@code except}, in the order of their ids, so that two
     * callers locking sessions of the same user never wait for each other in a circle. A session revoked by another
     * transaction while this one waited for its lock is left out ({@code sessions_user_revoked_idx}).
     */
    @Query("SELECT id FROM sessions WHERE user_id = :userId AND revoked_at IS NULL AND id <> :except"
            + " ORDER BY id FOR UPDATE")
    List<UUID> lockUnrevokedIdsOfUser(UUID userId, UUID except);

    /** {@link #markRevoked} for each of {@code ids}; returns how many were active until now. */
    @Query("UPDATE sessions SET revoked_at = :revokedAt, revocation_reason = :reason"
            + " WHERE id IN (:ids) AND revoked_at IS NULL")
    int markAllRevoked(Collection<UUID> ids, RevocationReason reason, Instant revokedAt);

    /** One page of {@link #LIVE_SESSIONS_OF_USER}, most recently used first; the id breaks ties the same way. */
    @Query("SELECT s.id, s.user_id, s.created_at, s.ends_at, s.last_used_at, s.client_address, s.user_agent,"
            + " s.revoked_at, s.revocation_reason, s.amr, s.authenticated_at" + LIVE_SESSIONS_OF_USER
            + " ORDER BY s.last_used_at DESC, s.id DESC OFFSET :skip ROWS FETCH NEXT :count ROWS ONLY")
    List<SessionRow> findLiveOfUser(UUID userId, Instant now, long skip, int count);

    @Query("SELECT COUNT(*)" + LIVE_SESSIONS_OF_USER)
    long countLiveOfUser(UUID userId, Instant now);

    List<RevokedSessionRow> findByRevokedAtGreaterThanEquals(Instant since);

    /**
     * Up to {@code count} sessions over by {@code cutoff} (Session.wasOverBy): revoked then, ended then, or holding no
     * active token unexpired then. Locked, and skipped where another transaction holds one, which a refresh of an over
     * session would only do to refuse it.
     */
    @Query("SELECT s.id FROM sessions s WHERE s.revoked_at <= :cutoff OR s.ends_at <= :cutoff"
            + " OR NOT EXISTS (SELECT 1 FROM refresh_tokens t"
            + " WHERE t.session_id = s.id AND t.status = 'ACTIVE' AND t.expires_at > :cutoff)"
            + " FETCH FIRST :count ROWS ONLY FOR UPDATE SKIP LOCKED")
    List<UUID> lockOverBy(Instant cutoff, int count);

    @Query("DELETE FROM sessions WHERE id IN (:ids)")
    int deleteAll(Collection<UUID> ids);
}
