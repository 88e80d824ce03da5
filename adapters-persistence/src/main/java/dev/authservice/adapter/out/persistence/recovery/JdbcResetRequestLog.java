package dev.authservice.adapter.out.persistence.recovery;

import static dev.authservice.adapter.out.persistence.TransactionalStatements.at;
import static dev.authservice.adapter.out.persistence.TransactionalStatements.instant;
import static dev.authservice.adapter.out.persistence.TransactionalStatements.update;

import dev.authservice.adapter.out.persistence.TransactionalStatements;
import dev.authservice.adapter.out.persistence.TranslatesUnavailability;
import dev.authservice.application.recovery.port.out.ResetRequestLog;
import dev.authservice.domain.recovery.ResetRequestKey;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** The reset requests let through, in {@code password_reset_requests}. */
@Singleton
@TranslatesUnavailability
class JdbcResetRequestLog implements ResetRequestLog {

    private final TransactionalStatements jdbc;

    JdbcResetRequestLog(TransactionOperations<Connection> transactions) {
        this.jdbc = new TransactionalStatements(transactions);
    }

    @Override
    public List<Instant> ofIdentifier(ResetRequestKey key, Instant since) {
        return after("identifier", key.identifier(), since);
    }

    @Override
    public List<Instant> ofClient(ResetRequestKey key, Instant since) {
        return after("client", key.client(), since);
    }

    @Override
    public void record(ResetRequestKey key, Instant at) {
        jdbc.write(connection -> update(connection, "INSERT INTO password_reset_requests (id, identifier, client,"
                + " requested_at) VALUES (?, ?, ?, ?)", statement -> {
                    statement.setObject(1, UUID.randomUUID());
                    statement.setString(2, key.identifier());
                    statement.setString(3, key.client());
                    statement.setObject(4, at(at));
                }));
    }

    @Override
    public int forgetBefore(Instant cutoff, int limit) {
        return jdbc.write(connection -> update(connection, "DELETE FROM password_reset_requests WHERE id IN"
                + " (SELECT id FROM password_reset_requests WHERE requested_at <= ? LIMIT ?)", statement -> {
                    statement.setObject(1, at(cutoff));
                    statement.setInt(2, limit);
                }));
    }

    /** {@code column} is one of two names above, never the client's text. */
    private List<Instant> after(String column, String value, Instant since) {
        return jdbc.read(connection -> {
            try (PreparedStatement statement = connection.prepareStatement("SELECT requested_at FROM"
                    + " password_reset_requests WHERE " + column + " = ? AND requested_at > ? ORDER BY requested_at")) {
                statement.setString(1, value);
                statement.setObject(2, at(since));
                List<Instant> found = new ArrayList<>();
                try (ResultSet row = statement.executeQuery()) {
                    while (row.next()) {
                        found.add(instant(row, "requested_at"));
                    }
                }
                return found;
            }
        });
    }
}
