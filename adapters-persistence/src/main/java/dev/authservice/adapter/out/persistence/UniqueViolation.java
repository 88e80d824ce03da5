package dev.authservice.adapter.out.persistence;

import io.micronaut.data.exceptions.DataAccessException;
import java.sql.SQLException;
import java.util.function.BooleanSupplier;

/** Recognises a unique or primary key violation, on H2 as on PostgreSQL (SQLSTATE 23505), wherever it is wrapped. */
public final class UniqueViolation {

    private static final String SQL_STATE = "23505";

    private UniqueViolation() {
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
     * Not to be called inside a transaction: on PostgreSQL, the failed INSERT would abort it, the check included.
     */
    public static boolean inserted(Runnable insert, BooleanSupplier taken) {
        try {
            insert.run();
            return true;
        } catch (DataAccessException e) {
            if (isCauseOf(e) && taken.getAsBoolean()) {
                return false;
            }
            throw e;
        }
    }
}
