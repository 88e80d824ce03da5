package dev.authservice.adapter.out.persistence.user;

import dev.authservice.adapter.out.persistence.JdbcTarget;
import dev.authservice.adapter.out.persistence.TestDatabase;
import io.micronaut.context.ApplicationContext;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.flywaydb.core.Flyway;

/**
 * A database of its own at the version before a migration of users, the users an older service stored in it, and the
 * start of this module's beans that migrates it the rest of the way.
 */
final class UsersBeforeAMigration {

    private final TestDatabase testDatabase;
    private final JdbcTarget database;

    /** At {@code version}, with the Java migrations up to it. */
    UsersBeforeAMigration(TestDatabase testDatabase, String version) {
        this.testDatabase = testDatabase;
        this.database = testDatabase.another();
        Flyway.configure().dataSource(database.url(), database.username(), database.password())
                .locations("classpath:db/migration").javaMigrations(new UsernamesInCaseMappedForm())
                .target(version).load().migrate();
    }

    /** Rows with these names, written as they are, with ids ending in 0, 1, 2 and so on. */
    void addUsers(String... usernames) {
        for (int i = 0; i < usernames.length; i++) {
            database.execute("INSERT INTO users (id, username, password_hash, roles, nickname, department, created_at,"
                    + " enabled) VALUES ('00000000-0000-0000-0000-00000000000" + i + "', '" + usernames[i]
                    + "', 'hash', 'USER', 'n', 'd', TIMESTAMP WITH TIME ZONE '2026-11-25 12:00:00+00', TRUE)");
        }
    }

    /** Starts this module's beans on the database, and so migrates it. */
    ApplicationContext start() {
        return testDatabase.startInstanceOn(database, Map.of());
    }

    /** The message of the failure that stopped the start. */
    String startFailure() {
        RuntimeException failure = null;
        try {
            start();
        } catch (RuntimeException e) {
            failure = e;
        }
        if (failure == null) {
            throw new AssertionError("the start went through");
        }
        Throwable cause = failure;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getMessage();
    }

    /** The first column of each row {@code select} answers, as text, sorted. */
    List<String> column(String select) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Connection connection = database.connect(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(select)) {
            while (rows.next()) {
                values.add(rows.getString(1));
            }
        }
        values.sort(null);
        return values;
    }
}
