package dev.authservice.adapter.out.persistence;

import io.micronaut.data.connection.ConnectionOperations;
import io.micronaut.data.exceptions.DataAccessException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.function.BooleanSupplier;

/**
 * Recognises a unique or primary key violation, on H2 as on PostgreSQL (SQLSTATE 23505), wherever it is wrapped; and
 * runs an INSERT that such a key decides, in a use case's transaction or outside one.
 */
public final class UniqueViolation {

    private static final String SQL_STATE = "23505";

    private UniqueViolation() {
    }

    /** One INSERT, on the connection given or on the one a repository finds open. */
    public interface Insert {
        void into(Connection connection) throws SQLException;
    }

    public static boolean isCauseOf(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && SQL_STATE.equals(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Runs an INSERT that a unique constraint decides, and says whether it stored its row: {@code false} when the
     * constraint refused it and {@code taken} then finds the key stored (the insert lost a race, or came late). The
     * database decides, so two instances inserting one key at once get one {@code true} and one {@code false}, and
     * the loser's INSERT fails whole and stores nothing. A violation of another key (the id) is thrown.
     * <p>
     * Outside a transaction the INSERT commits alone, at no cost beyond the statement. Inside one, a use case's, it
     * runs after a savepoint that a failure rolls back to, so that the transaction goes on: on PostgreSQL a failed
     * statement aborts the whole transaction, the check and every write after it included. (Micronaut Data's nested
     * propagation would not do: in 4.14.3 it joins the transaction without a savepoint, and a failure in it marks the
     * whole transaction rollback-only.)
     */
    public static boolean inserted(ConnectionOperations<Connection> connections, Insert insert,
                                   BooleanSupplier taken) {
        return connections.executeWrite(status -> {
            try {
                return inserted(status.getConnection(), insert, taken);
            } catch (SQLException e) {
                throw new DataAccessException("Could not insert: " + e.getMessage(), e);
            }
        });
    }

    private static boolean inserted(Connection connection, Insert insert, BooleanSupplier taken)
            throws SQLException {
        Savepoint savepoint = connection.getAutoCommit() ? null : connection.setSavepoint();
        try {
            insert.into(connection);
        } catch (SQLException | RuntimeException e) {
            if (savepoint != null) {
                connection.rollback(savepoint);
            }
            if (isCauseOf(e) && taken.getAsBoolean()) {
                return false;
            }
            throw e;
        }
        if (savepoint != null) {
            connection.releaseSavepoint(savepoint);
        }
        return true;
    }
}
