package dev.authservice.adapter.out.persistence.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.adapter.out.persistence.JdbcTarget;
import dev.authservice.adapter.out.persistence.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Migration 8 on a database that holds users from before it, through the service's own Flyway start. */
abstract class UsernamesInCaseMappedFormContract {

    private JdbcTarget database;

    protected abstract TestDatabase testDatabase();

    @BeforeEach
    void aDatabaseAtTheVersionBefore() {
        database = testDatabase().another();
        Flyway.configure().dataSource(database.url(), database.username(), database.password())
                .locations("classpath:db/migration").target("7").load().migrate();
    }

    @Test
    void storedNamesTakeTheirEnforcedForm() throws SQLException {
        addUsers("Alice", "ＢＯＢ", "carol");

        testDatabase().startInstanceOn(database, Map.of());

        assertEquals(List.of("alice", "bob", "carol"), usernames());
    }

    @Test
    void namesThatWouldBecomeOneStopTheStartAndAreNamedAndNothingChanges() throws SQLException {
        addUsers("Alice", "alice", "ALICE", "Bob", "bob", "carol");

        RuntimeException e = assertThrows(RuntimeException.class,
                () -> testDatabase().startInstanceOn(database, Map.of()));

        String message = rootCause(e).getMessage();
        assertTrue(message.contains("these read as one name: 'ALICE' (id "), message);
        assertTrue(message.contains("'Alice' (id ") && message.contains("'alice' (id "), message);
        assertTrue(message.contains("'Bob' (id ") && message.contains("'bob' (id "), message);
        assertTrue(!message.contains("carol"), message);
        assertEquals(List.of("ALICE", "Alice", "Bob", "alice", "bob", "carol"), usernames());
    }

    @Test
    void namesTheRuleRefusesStopTheStartAndAreNamed() throws SQLException {
        addUsers("alice smith", "bob", "\u0430lice");

        RuntimeException e = assertThrows(RuntimeException.class,
                () -> testDatabase().startInstanceOn(database, Map.of()));

        String message = rootCause(e).getMessage();
        assertTrue(message.contains("not valid usernames any more"), message);
        assertTrue(message.contains("'alice smith' (id ") && message.contains("'\u0430lice' (id "), message);
        assertTrue(!message.contains("'bob'"), message);
    }

    private void addUsers(String... usernames) {
        for (int i = 0; i < usernames.length; i++) {
            database.execute("INSERT INTO users (id, username, password_hash, roles, nickname, department, created_at,"
                    + " enabled) VALUES ('00000000-0000-0000-0000-00000000000" + i + "', '" + usernames[i]
                    + "', 'hash', 'USER', 'n', 'd', TIMESTAMP WITH TIME ZONE '2026-11-25 12:00:00+00', TRUE)");
        }
    }

    private List<String> usernames() throws SQLException {
        List<String> names = new ArrayList<>();
        try (Connection connection = database.connect(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT username FROM users")) {
            while (rows.next()) {
                names.add(rows.getString(1));
            }
        }
        names.sort(null);
        return names;
    }

    private static Throwable rootCause(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
