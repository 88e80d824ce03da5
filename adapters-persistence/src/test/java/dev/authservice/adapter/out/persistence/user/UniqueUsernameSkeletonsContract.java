package dev.authservice.adapter.out.persistence.user;

import static dev.authservice.application.fixtures.UserAccountMother.aUser;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.user.port.out.UserStore;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Migration 9 on a database that holds users from before it, through the service's own Flyway start, with the
 * skeletons of {@code LookAlikeSkeletons} (the module's tests are given those in place of ICU's).
 */
abstract class UniqueUsernameSkeletonsContract {

    private UsersBeforeAMigration database;

    protected abstract TestDatabase testDatabase();

    @BeforeEach
    void aDatabaseAtTheVersionBefore() {
        database = new UsersBeforeAMigration(testDatabase(), "8");
    }

    @Test
    void everyStoredNameGetsItsSkeletonAndALookAlikeOfItIsRefused() throws SQLException {
        database.addUsers("alice", "bob", "mary");

        UserStore users = database.start().getBean(UserStore.class);

        assertEquals(List.of("alice=alice", "bob=bob", "mary=rnary"),
                database.column("SELECT username || '=' || username_skeleton FROM users"));
        assertFalse(users.add(aUser().named("\u0251lice").build()));
        assertFalse(users.add(aUser().named("rnary").build()));
        assertTrue(users.add(aUser().named("carol").build()));
    }

    @Test
    void storedNamesThatLookAlikeStopTheStartAndAreNamedAndNothingChanges() {
        database.addUsers("alice", "\u0251lice", "al\u0131ce", "bob", "mary", "rnary");

        String message = database.startFailure();

        assertTrue(message.contains("these look alike: "), message);
        for (String name : List.of("alice", "\u0251lice", "al\u0131ce", "mary", "rnary")) {
            assertTrue(message.contains("'" + name + "' (id "), message);
        }
        assertFalse(message.contains("bob"), message);
        assertThrows(SQLException.class, () -> database.column("SELECT username_skeleton FROM users"),
                "no column added");
    }

    @Test
    void namesTheDomainRefusesSinceTheyWereStoredStopTheStartAndAreNamed() {
        database.addUsers("bob\uFE0F", "b\u034Fob", "alice");

        String message = database.startFailure();

        assertTrue(message.contains("not valid usernames any more"), message);
        assertTrue(message.contains("'bob\uFE0F' (id ") && message.contains("'b\u034Fob' (id "), message);
        assertFalse(message.contains("'alice'"), message);
    }
}
