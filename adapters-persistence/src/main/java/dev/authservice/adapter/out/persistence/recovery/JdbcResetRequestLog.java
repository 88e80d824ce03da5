package dev.authservice.adapter.out.persistence.recovery;

import static dev.authservice.adapter.out.persistence.TransactionalStatements.at;
import static dev.authservice.adapter.out.persistence.TransactionalStatements.instant;
import static dev.authservice.adapter.out.persistence.TransactionalStatements.update;

import dev.authservice.adapter.out.persistence.StripeLocks;
import dev.authservice.adapter.out.persistence.TransactionalStatements;
import dev.authservice.adapter.out.persistence.TranslatesUnavailability;
import dev.authservice.application.recovery.port.out.ResetRequestLog;
import dev.authservice.domain.recovery.ResetRequestKey;
import dev.authservice.domain.recovery.ResetRequestLimit;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The reset requests let through, in {@code password_reset_requests}. A request is decided holding the locks of the
 * stripes its identifier and its client's network hash to ({@code password_reset_request_stripes}): requests under
 * either, on any instance, are counted one after another.
 */
@Singleton
@TranslatesUnavailability
class JdbcResetRequestLog implements ResetRequestLog {

    private static final StripeLocks STRIPES = new StripeLocks("password_reset_request_stripes", 64, "V23");

    private final TransactionalStatements jdbc;

    JdbcResetRequestLog(TransactionOperations<Connection> transactions) {
        this.jdbc = new TransactionalStatements(transactions);
    }

    @Override
    public Optional<Duration> tryRequest(ResetRequestKey key, Instant now, ResetRequestLimit limit) {
        return jdbc.write(connection -> {
            STRIPES.lock(connection, List.of(key.identifier(), key.client()));
            Instant since = limit.windowStart(now);
            Optional<Duration> wait = limit.waitBefore(now, after(connection, "identifier", key.identifier(), since),
                    after(connection, "client", key.client(), since));
            if (wait.isEmpty()) {
                update(connection, "INSERT INTO password_reset_requests (id, identifier, client, requested_at)"
                        + " VALUES (?, ?, ?, ?)", statement -> {
                            statement.setObject(1, UUID.randomUUID());
                            statement.setString(2, key.identifier());
                            statement.setString(3, key.client());
                            statement.setObject(4, at(now));
                        });
            }
            return wait;
        });
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
    private static List<Instant> after(Connection connection, String column, String value, Instant since)
            throws SQLException {
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
    }
}
