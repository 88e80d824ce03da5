package dev.authservice.adapter.out.persistence.login;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The pairs of {@code login_throttles} and their counted attempts in {@code login_attempts}. */
@JdbcRepository(dialect = Dialect.ANSI)
interface LoginAttemptRowRepository extends GenericRepository<LoginAttemptRow, UUID> {

    /** Locks the pair's row until the transaction ends, and returns its latest counted attempt; empty if none. */
    @Query("SELECT last_attempt_at FROM login_throttles WHERE username = :username AND client_address = :clientAddress"
            + " FOR UPDATE")
    Optional<Instant> lockPair(String username, String clientAddress);

    /** Fails with a unique violation when another transaction has added the pair meanwhile. */
    @Query("INSERT INTO login_throttles (username, client_address, last_attempt_at)"
            + " VALUES (:username, :clientAddress, :lastAttemptAt)")
    void insertPair(String username, String clientAddress, Instant lastAttemptAt);

    @Query("UPDATE login_throttles SET last_attempt_at = :lastAttemptAt"
            + " WHERE username = :username AND client_address = :clientAddress")
    void updateLastAttempt(String username, String clientAddress, Instant lastAttemptAt);

    /** Its attempts go with it ({@code ON DELETE CASCADE}). */
    @Query("DELETE FROM login_throttles WHERE username = :username AND client_address = :clientAddress")
    void deletePair(String username, String clientAddress);

    /** The pairs whose every attempt is at or before {@code windowStart}, with their attempts. */
    @Query("DELETE FROM login_throttles WHERE last_attempt_at <= :windowStart")
    int deletePairsIdleSince(Instant windowStart);

    void insert(LoginAttemptRow row);

    @Query("SELECT attempted_at FROM login_attempts WHERE username = :username AND client_address = :clientAddress")
    List<Instant> attemptTimes(String username, String clientAddress);

    @Query("DELETE FROM login_attempts"
            + " WHERE username = :username AND client_address = :clientAddress AND attempted_at <= :windowStart")
    void deleteAttemptsUntil(String username, String clientAddress, Instant windowStart);
}
