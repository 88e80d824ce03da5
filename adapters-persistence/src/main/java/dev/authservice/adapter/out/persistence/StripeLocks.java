package dev.authservice.adapter.out.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.TreeSet;

/**
 * Row locks that make a count and the insert it allows one step, on H2 as on PostgreSQL at read committed, where a
 * count cannot lock the rows that are not there yet. A table a migration fills once with the rows {@code 0} to
 * {@code stripes - 1}, never written after; a transaction locks the rows its keys hash to until it ends, so the
 * transactions under one key, on any instance, are decided one after another. Unrelated keys that share a stripe wait
 * a moment too.
 */
public final class StripeLocks {

    private final String table;
    private final int stripes;
    private final String madeBy;

    /**
     * @param table   a table name of a migration, never a client's text
     * @param stripes how many rows the migration {@code madeBy} makes
     */
    public StripeLocks(String table, int stripes, String madeBy) {
        this.table = table;
        this.stripes = stripes;
        this.madeBy = madeBy;
    }

    /** {@link String#hashCode} is the same on every JVM, so every instance finds a key on the same stripe. */
    private int stripeOf(String key) {
        return Math.floorMod(key.hashCode(), stripes);
    }

    /** Locks the stripes of {@code keys} in order, so that two transactions never wait on each other in a circle. */
    public void lock(Connection connection, Collection<String> keys) throws SQLException {
        TreeSet<Integer> ordered = new TreeSet<>();
        keys.forEach(key -> ordered.add(stripeOf(key)));
        for (int stripe : ordered) {
            try (PreparedStatement statement = connection.prepareStatement(
                    "SELECT stripe FROM " + table + " WHERE stripe = ? FOR UPDATE")) {
                statement.setInt(1, stripe);
                try (ResultSet row = statement.executeQuery()) {
                    if (!row.next()) {
                        throw new IllegalStateException("the stripe " + stripe + " of " + table + " that " + madeBy
                                + " makes is missing");
                    }
                }
            }
        }
    }
}
