package dev.authservice.adapter.out.persistence.passkey;

import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.time.Instant;
import java.util.Optional;

@JdbcRepository(dialect = Dialect.ANSI)
interface PasskeyLoginChallengeRowRepository extends GenericRepository<PasskeyLoginChallengeRow, String> {

    void insert(PasskeyLoginChallengeRow row);

    Optional<PasskeyLoginChallengeRow> findByChallenge(String challenge);

    /** One statement: of concurrent deletes of one challenge exactly one deletes its row. */
    int deleteByChallenge(String challenge);

    int deleteByExpiresAtLessThanEquals(Instant cutoff);
}
