package dev.authservice.adapter.out.persistence;

import io.micronaut.data.exceptions.DataAccessException;
import io.micronaut.transaction.TransactionOperations;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** Plain statements on the connection of a transaction (the caller's, or one of their own). */
public final class TransactionalStatements {

    private final TransactionOperations<Connection> transactions;

    public TransactionalStatements(TransactionOperations<Connection> transactions) {
        this.transactions = transactions;
    }

    public interface Work<T> {
        T on(Connection connection) throws SQLException;
    }

    public interface Binder {
        void bind(PreparedStatement statement) throws SQLException;
    }

    public <T> T write(Work<T> work) {
        return transactions.executeWrite(status -> run(work, status.getConnection()));
    }

    public <T> T read(Work<T> work) {
        return transactions.executeRead(status -> run(work, status.getConnection()));
    }

    public static int update(Connection connection, String sql, Binder binder) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            binder.bind(statement);
            return statement.executeUpdate();
        }
    }

    public static Object at(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }

    public static Instant instant(ResultSet row, String column) throws SQLException {
        OffsetDateTime value = row.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    private static <T> T run(Work<T> work, Connection connection) {
        try {
            return work.on(connection);
        } catch (SQLException e) {
            throw new DataAccessException("Could not carry out a statement: " + e.getMessage(), e);
        }
    }
}
