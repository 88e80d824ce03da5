package dev.authservice.adapter.out.persistence.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.adapter.out.persistence.TestDatabase;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Migration 8 on a database that holds users from before it, through the service's own Flyway start. */
abstract class UsernamesInCaseMappedFormContract {

    private UsersBeforeAMigration database;

    protected abstract TestDatabase testDatabase();

    @BeforeEach
    void aDatabaseAtTheVersionBefore() {
        database = new UsersBeforeAMigration(testDatabase(), "7");
    }

    @Test
    void storedNamesTakeTheirEnforcedForm() throws SQLException {
        database.addUsers("Alice", "ＢＯＢ", "carol");

        database.start();

        assertEquals(List.of("alice", "bob", "carol"), usernames());
    }

    @Test
    void namesThatWouldBecomeOneStopTheStartAndAreNamedAndNothingChanges() throws SQLException {
        database.addUsers("Alice", "alice", "ALICE", "Bob", "bob", "carol");

        String message = database.startFailure();

        assertTrue(message.contains("these read as one name: 'ALICE' (id "), message);
        assertTrue(message.contains("'Alice' (id ") && message.contains("'alice' (id "), message);
        assertTrue(message.contains("'Bob' (id ") && message.contains("'bob' (id "), message);
        assertTrue(!message.contains("carol"), message);
        assertEquals(List.of("ALICE", "Alice", "Bob", "alice", "bob", "carol"), usernames());
    }

    @Test
    void namesTheRuleRefusesStopTheStartAndAreNamed() {
        database.addUsers("alice smith", "bob", "\u0430lice");

        String message = database.startFailure();

        assertTrue(message.contains("not valid usernames any more"), message);
        assertTrue(message.contains("'alice smith' (id ") && message.contains("'\u0430lice' (id "), message);
        assertTrue(!message.contains("'bob'"), message);
    }

    private List<String> usernames() throws SQLException {
        return database.column("SELECT username FROM users");
    }
}
