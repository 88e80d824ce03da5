package dev.authservice.adapter.out.persistence.session;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.time.Instant;
import java.util.Collection;
import java.util.Optional;
import java.util.UUID;

@JdbcRepository(dialect = Dialect.ANSI)
interface RefreshTokenRowRepository extends GenericRepository<RefreshTokenRow, String> {

    Optional<RefreshTokenRow> findById(String tokenHash);

    void insert(RefreshTokenRow row);

    /** Returns 1 for the one caller that found the token active, 0 for everyone else: the database decides. */
    @Query("UPDATE refresh_tokens SET status = 'ROTATED', rotated_at = :rotatedAt"
            + " WHERE token_hash = :tokenHash AND status = 'ACTIVE'")
    int markRotated(String tokenHash, Instant rotatedAt);

    /** Rotated tokens too: a token of a revoked session reads as revoked, whatever it was before. */
    @Query("UPDATE refresh_tokens SET status = 'REVOKED', revoked_at = :revokedAt"
            + " WHERE session_id = :sessionId AND status <> 'REVOKED'")
    void revokeAllOfSession(UUID sessionId, Instant revokedAt);

    /** {@link #revokeAllOfSession} for each of {@code sessionIds}. */
    @Query("UPDATE refresh_tokens SET status = 'REVOKED', revoked_at = :revokedAt"
            + " WHERE session_id IN (:sessionIds) AND status <> 'REVOKED'")
    void revokeAllOfSessions(Collection<UUID> sessionIds, Instant revokedAt);
}
