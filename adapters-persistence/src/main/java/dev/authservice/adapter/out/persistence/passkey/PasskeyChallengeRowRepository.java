package dev.authservice.adapter.out.persistence.passkey;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

@JdbcRepository(dialect = Dialect.ANSI)
interface PasskeyChallengeRowRepository extends GenericRepository<PasskeyChallengeRow, UUID> {

    Optional<PasskeyChallengeRow> findByUserIdAndChallenge(UUID userId, String challenge);

    void insert(PasskeyChallengeRow row);

    /** Puts a new challenge in place of the user's; 0 when the user has none. */
    @Query("UPDATE passkey_challenges SET challenge = :challenge, user_handle = :userHandle, expires_at = :expiresAt"
            + " WHERE user_id = :userId")
    int replace(UUID userId, String challenge, String userHandle, Instant expiresAt);

    /** One statement: of concurrent deletes of one challenge exactly one deletes its row. */
    int deleteByUserIdAndChallenge(UUID userId, String challenge);
}
