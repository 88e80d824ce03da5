package dev.authservice.adapter.out.persistence.user;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The addresses of {@code login_throttle_addresses} and their counted attempts in {@code login_attempts}. */
@JdbcRepository(dialect = Dialect.ANSI)
interface LoginAttemptRowRepository extends GenericRepository<LoginAttemptRow, UUID> {

    /** Locks the address's row until the transaction ends, and returns its latest counted attempt; empty if none. */
    @Query("SELECT last_attempt_at FROM login_throttle_addresses WHERE client_address = :clientAddress FOR UPDATE")
    Optional<Instant> lockAddress(String clientAddress);

    /** Fails with a unique violation when another transaction has added the address meanwhile. */
    @Query("INSERT INTO login_throttle_addresses (client_address, last_attempt_at)"
            + " VALUES (:clientAddress, :lastAttemptAt)")
    void insertAddress(String clientAddress, Instant lastAttemptAt);

    @Query("UPDATE login_throttle_addresses SET last_attempt_at = :lastAttemptAt WHERE client_address = :clientAddress")
    void updateLastAttempt(String clientAddress, Instant lastAttemptAt);

    /** The addresses whose every attempt is at or before {@code windowStart}, with their attempts. */
    @Query("DELETE FROM login_throttle_addresses WHERE last_attempt_at <= :windowStart")
    int deleteAddressesIdleSince(Instant windowStart);

    void insert(LoginAttemptRow row);

    @Query("SELECT * FROM login_attempts WHERE client_address = :clientAddress")
    List<LoginAttemptRow> attemptsOf(String clientAddress);

    @Query("DELETE FROM login_attempts WHERE client_address = :clientAddress AND username = :username")
    void deleteAttemptsOf(String clientAddress, String username);

    @Query("DELETE FROM login_attempts WHERE client_address = :clientAddress AND attempted_at <= :windowStart")
    void deleteAttemptsUntil(String clientAddress, Instant windowStart);
}
