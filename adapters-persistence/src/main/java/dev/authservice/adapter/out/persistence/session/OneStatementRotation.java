package dev.authservice.adapter.out.persistence.session;

import dev.authservice.adapter.out.persistence.SqlStatement;
import dev.authservice.domain.session.RefreshToken.Decision;
import dev.authservice.domain.session.RefreshToken.RefreshAttempt;
import dev.authservice.domain.session.RefreshToken.TokenRecord;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PostgreSQL's shortcut for the common refresh, an active token rotated: one round trip where finding, deciding and
 * writing take three ({@code docs/adr/0013}). The statement writes first, then the domain decides on everything it
 * returned; only a rotation the domain agrees with stands. On any other decision, or when the statement rotated
 * nothing, the transaction goes back to before the statement and the store takes the long way, so a rule of the
 * domain that the statement does not know costs time, never a wrong answer. Each time the two disagree is counted
 * ({@value #FALLBACKS}) and logged: the generated proof should have caught it.
 */
final class OneStatementRotation {

    static final String FALLBACKS = "auth.refresh.one.statement.fallbacks";

    private static final Logger LOG = LoggerFactory.getLogger(OneStatementRotation.class);
    private static final String ROLLBACK = "ROLLBACK TO SAVEPOINT one_statement_rotation";

    private final SqlStatement statement;
    private final Counter fallbacks;

    OneStatementRotation(SqlStatement statement, MeterRegistry registry) {
        this.statement = statement;
        this.fallbacks = Counter.builder(FALLBACKS)
                .description("Refreshes the one-statement rotation wrote and the domain then decided otherwise: each"
                        + " was undone and decided the long way")
                .register(registry);
    }

    /** The rotation, carried out, if the statement made it and the domain agrees; otherwise nothing is changed. */
    Optional<Decision> rotate(Connection connection, RefreshAttempt attempt) throws SQLException {
        Optional<TokenRecord> rotated = run(connection, attempt);
        if (rotated.isPresent()) {
            Decision decided = attempt.decide(rotated);
            if (decided instanceof Decision.Rotate) {
                return Optional.of(decided);
            }
            fallbacks.increment();
            LOG.warn("The one-statement rotation rotated a refresh token that the domain decides to {}: undone and"
                    + " decided the long way", decided.getClass().getSimpleName());
        }
        try (Statement rollback = connection.createStatement()) {
            rollback.execute(ROLLBACK);
        }
        return Optional.empty();
    }

    /** What the statement found and rotated, as the domain reads it; empty when it rotated nothing. */
    Optional<TokenRecord> run(Connection connection, RefreshAttempt attempt) throws SQLException {
        try (PreparedStatement prepared = statement.prepare(connection, Map.of("presented", attempt.presented().hex(),
                "at", attempt.at(), "successor", attempt.successor().hex(),
                "successor_expires_at", attempt.successorExpiresAt()))) {
            prepared.execute(); // the savepoint
            if (!prepared.getMoreResults()) {
                throw new IllegalStateException("the one-statement rotation answered no rows");
            }
            try (ResultSet row = prepared.getResultSet()) {
                return row.next() ? Optional.of(TokenRecordColumns.read(row, attempt.presented())) : Optional.empty();
            }
        }
    }
}
