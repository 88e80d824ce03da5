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

    /** Returns 1 if the token was active, 0 otherwise; called with its session locked, so it cannot race. */
    @Query("UPDATE refresh_tokens SET status = 'ROTATED', rotated_at = :rotatedAt"
            + " WHERE token_hash = :tokenHash AND status = 'ACTIVE'")
    int markRotated(String tokenHash, Instant rotatedAt);

    /** Returns 1 if the token was rotated and not repeated yet; called with its session locked, so it cannot race. */
    @Query("UPDATE refresh_tokens SET repeated_at = :repeatedAt"
            + " WHERE token_hash = :tokenHash AND status = 'ROTATED' AND repeated_at IS NULL")
    int markRepeated(String tokenHash, Instant repeatedAt);

    @Query("DELETE FROM refresh_tokens WHERE session_id IN (:sessionIds)")
    int deleteOfSessions(Collection<UUID> sessionIds);
}
