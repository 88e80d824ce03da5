package dev.authservice.adapter.out.persistence;

import java.sql.SQLException;

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
}
