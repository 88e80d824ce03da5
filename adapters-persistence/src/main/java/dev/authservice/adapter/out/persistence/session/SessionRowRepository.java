package dev.authservice.adapter.out.persistence.session;

import dev.authservice.domain.token.RevocationReason;
import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

@JdbcRepository(dialect = Dialect.ANSI)
interface SessionRowRepository extends GenericRepository<SessionRow, UUID> {

    void insert(SessionRow row);

    /** Also takes the row lock that makes the writes to one session's tokens run one after another. */
    @Query("UPDATE sessions SET last_used_at = :usedAt WHERE id = :id")
    int markUsed(UUID id, Instant usedAt);

    /** Returns 1 if the session was active until now, 0 if it was revoked already or does not exist. */
    @Query("UPDATE sessions SET revoked_at = :revokedAt, revocation_reason = :reason"
            + " WHERE id = :id AND revoked_at IS NULL")
    int markRevoked(UUID id, RevocationReason reason, Instant revokedAt);

    List<SessionRevocation> findByRevokedAtGreaterThanEquals(Instant since);
}
