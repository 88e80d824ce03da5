package dev.authservice.adapter.out.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The test database empties whatever tables the migrations make, children before parents, with no list to keep. */
class TestDatabaseTest {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.h2();

    @Test
    void findsEveryTableOfTheMigrationsAndOrdersChildrenBeforeTheirParents() {
        JdbcTarget migrated = database.another();
        database.startInstanceOn(migrated, Map.of());

        List<String> tables = TestDatabase.tablesChildrenFirst(migrated);

        assertTrue(tables.containsAll(List.of("users", "sessions", "refresh_tokens", "orders", "audit_events")),
                tables.toString());
        assertTrue(tables.indexOf("refresh_tokens") < tables.indexOf("sessions"), tables.toString());
        assertTrue(tables.indexOf("sessions") < tables.indexOf("users"), tables.toString());
        assertTrue(tables.indexOf("orders") < tables.indexOf("users"), tables.toString());
        assertEquals(false, tables.contains("flyway_schema_history"), tables.toString());
    }

    @Test
    void aTableAddedWithAForeignKeyIsEmptiedBeforeTheTableItNames() {
        JdbcTarget target = database.another();
        target.execute("CREATE TABLE wishlists (id INT PRIMARY KEY)",
                "CREATE TABLE wishlist_items (id INT PRIMARY KEY, wishlist_id INT REFERENCES wishlists (id))",
                "CREATE TABLE wishes (id INT PRIMARY KEY, item_id INT REFERENCES wishlist_items (id))");

        assertEquals(List.of("wishes", "wishlist_items", "wishlists"), TestDatabase.tablesChildrenFirst(target));
    }
}
