package dev.authservice.adapter.out.persistence;

import io.micronaut.context.ApplicationContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A fresh database for one test class, and this module's beans running on it in an application context, with Flyway
 * migrating it as the service does. Register it on a static field:
 * {@code @RegisterExtension static final TestDatabase database = TestDatabase.h2();}
 */
public final class TestDatabase implements BeforeAllCallback, AfterAllCallback {

    /** Children before parents, so that no foreign key is in the way. */
    private static final List<String> TABLES = List.of("login_attempts", "login_throttles", "audit_events",
            "refresh_tokens", "sessions", "orders", "users");

    private final Supplier<FreshDatabase> creator;
    private final List<ApplicationContext> instances = new ArrayList<>();
    private FreshDatabase database;

    private TestDatabase(Supplier<FreshDatabase> creator) {
        this.creator = creator;
    }

    public static TestDatabase h2() {
        return new TestDatabase(H2Database::create);
    }

    public static TestDatabase postgres() {
        return new TestDatabase(PostgresDatabase::create);
    }

    @Override
    public void beforeAll(ExtensionContext extension) {
        database = creator.get();
        startInstance(Map.of());
    }

    @Override
    public void afterAll(ExtensionContext extension) {
        instances.forEach(ApplicationContext::close);
        instances.clear();
        if (database != null) {
            database.drop();
        }
    }

    public void deleteAllRows() {
        database.execute(TABLES.stream().map(table -> "DELETE FROM " + table).toArray(String[]::new));
    }

    /** The bean of type {@code type} in the first instance. */
    public <T> T bean(Class<T> type) {
        return instances.get(0).getBean(type);
    }

    /**
     * Starts another instance of this module's beans on the same database, as another node of the service would;
     * {@code properties} add to or override the datasource's. It is closed with the test class.
     */
    public ApplicationContext startInstance(Map<String, Object> properties) {
        Map<String, Object> all = new HashMap<>(Map.of(
                "datasources.default.url", database.url(),
                "datasources.default.username", database.username(),
                "datasources.default.password", database.password(),
                "flyway.datasources.default.enabled", true));
        all.putAll(properties);
        ApplicationContext instance = ApplicationContext.builder().properties(all).deduceEnvironment(false).start();
        instances.add(instance);
        return instance;
    }
}
