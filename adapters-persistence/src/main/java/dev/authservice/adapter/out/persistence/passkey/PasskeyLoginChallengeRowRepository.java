package dev.authservice.adapter.out.persistence.passkey;

import io.micronaut.core.annotation.Introspected;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.time.Instant;
import java.util.Optional;

@JdbcRepository(dialect = Dialect.ANSI)
interface PasskeyLoginChallengeRowRepository extends GenericRepository<PasskeyLoginChallengeRow, String> {

    void insert(PasskeyLoginChallengeRow row);

    Optional<PasskeyLoginChallengeRow> findByChallenge(String challenge);

    /**
     * One statement on the index of client and expiry: a passkey alone's challenges, neither taken nor expired. Read
     * under the client's stripe lock, in the transaction that inserts the challenge it allows.
     */
    @Query("SELECT COUNT(*) AS count, MIN(expires_at) AS first_expires_at FROM passkey_login_challenges"
            + " WHERE client_address = :clientAddress AND ticket_hash IS NULL AND expires_at > :now")
    OpenRows findOpen(String clientAddress, Instant now);

    int deleteByTicketHash(String ticketHash);

    @Introspected
    record OpenRows(long count, @Nullable Instant firstExpiresAt) {
    }

    /** One statement: of concurrent deletes of one challenge exactly one deletes its row. */
    int deleteByChallenge(String challenge);

    int deleteByExpiresAtLessThanEquals(Instant cutoff);
}
