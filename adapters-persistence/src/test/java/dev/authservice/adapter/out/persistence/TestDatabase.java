package dev.authservice.adapter.out.persistence;

import io.micronaut.context.ApplicationContext;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A fresh database for one test class, and this module's beans running on it in an application context, with Flyway
 * migrating it as the service does. Register it on a static field:
 * {@code @RegisterExtension static final TestDatabase database = TestDatabase.h2();}
 * <p>
 * When there is no database to be had (no PostgreSQL outside CI) each test of the class is skipped, and once all the
 * tests have run one warning says how many did not run, why, and how to run them.
 */
public final class TestDatabase implements ExecutionCondition, BeforeAllCallback, AfterAllCallback {

    private static final Logger LOG = LoggerFactory.getLogger(TestDatabase.class);

    private final Supplier<FreshDatabase> creator;
    private final Supplier<Optional<String>> whySkipped;
    private final List<ApplicationContext> instances = new ArrayList<>();
    private final List<FreshDatabase> others = new ArrayList<>();
    private FreshDatabase database;
    /** Rows a deployment has from its first migration on and never changes: the tests find them there too. */
    private static final Set<String> FILLED_BY_MIGRATIONS = Set.of("password_reset_request_stripes",
            "pending_authorization_stripes", "passkey_login_challenge_stripes");

    private List<String> tablesChildrenFirst;

    private TestDatabase(Supplier<FreshDatabase> creator, Supplier<Optional<String>> whySkipped) {
        this.creator = creator;
        this.whySkipped = whySkipped;
    }

    public static TestDatabase h2() {
        return new TestDatabase(H2Database::create, Optional::empty);
    }

    public static TestDatabase postgres() {
        return new TestDatabase(PostgresDatabase::create, PostgresServer::whySkipped);
    }

    /**
     * Disables each test with the reason, so that each is reported as skipped and counted in {@link Skipped}; the
     * class itself runs, without a database. Aborting the class in beforeAll instead makes Surefire report
     * "Tests run: 0": its tests vanish from the counts.
     */
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Optional<String> why = context.getTestMethod().isPresent() ? whySkipped.get() : Optional.empty();
        if (why.isEmpty()) {
            return ConditionEvaluationResult.enabled(null);
        }
        context.getRoot().getStore(ExtensionContext.Namespace.create(TestDatabase.class))
                .getOrComputeIfAbsent(why.get(), Skipped::new, Skipped.class)
                .add(context.getRequiredTestClass());
        return ConditionEvaluationResult.disabled(why.get());
    }

    @Override
    public void beforeAll(ExtensionContext extension) {
        if (whySkipped.get().isPresent()) {
            return; // every test is skipped
        }
        open();
    }

    @Override
    public void afterAll(ExtensionContext extension) {
        close();
    }

    /**
     * Why this database's tests are skipped, if they are: no PostgreSQL outside CI. For a test engine without JUnit's
     * extensions (jqwik's {@link SkippedWithoutDatabase}).
     */
    public Optional<String> whySkipped() {
        return whySkipped.get();
    }

    /** Makes the database and starts the first instance on it; JUnit's {@link #beforeAll} does it for its tests. */
    public void open() {
        database = creator.get();
        startInstance(Map.of());
    }

    /** Stops every instance and drops the databases; JUnit's {@link #afterAll} does it for its tests. */
    public void close() {
        instances.forEach(ApplicationContext::close);
        instances.clear();
        others.forEach(FreshDatabase::drop);
        others.clear();
        if (database != null) {
            database.drop();
            database = null;
            tablesChildrenFirst = null;
        }
    }

    /** Another empty database of the same kind, dropped with the test class: for a test that migrates it itself. */
    public JdbcTarget another() {
        FreshDatabase other = creator.get();
        others.add(other);
        return other;
    }

    /** The database the first instance runs on. */
    public JdbcTarget target() {
        return database;
    }

    /** Empties every table the migrations made, whatever a new resource adds, but those the migrations fill. */
    public void deleteAllRows() {
        if (tablesChildrenFirst == null) {
            tablesChildrenFirst = tablesChildrenFirst(database);
        }
        database.execute(tablesChildrenFirst.stream().filter(table -> !FILLED_BY_MIGRATIONS.contains(table))
                .map(table -> "DELETE FROM " + table).toArray(String[]::new));
    }

    /**
     * The tables of {@code target}'s schema but Flyway's own, each after every table whose foreign keys name it: the
     * order in which rows can be deleted with no foreign key in the way.
     */
    static List<String> tablesChildrenFirst(JdbcTarget target) {
        try (Connection connection = target.connect()) {
            DatabaseMetaData metadata = connection.getMetaData();
            String schema = connection.getSchema();
            Map<String, Set<String>> parents = new TreeMap<>();
            try (ResultSet tables = metadata.getTables(null, schema, "%", new String[] {"TABLE"})) {
                while (tables.next()) {
                    String table = tables.getString("TABLE_NAME").toLowerCase(Locale.ROOT);
                    if (!table.equals("flyway_schema_history")) {
                        parents.put(table, new HashSet<>());
                    }
                }
            }
            for (Map.Entry<String, Set<String>> table : parents.entrySet()) {
                try (ResultSet keys = metadata.getImportedKeys(null, schema, stored(metadata, table.getKey()))) {
                    while (keys.next()) {
                        table.getValue().add(keys.getString("PKTABLE_NAME").toLowerCase(Locale.ROOT));
                    }
                }
                table.getValue().remove(table.getKey()); // a table naming itself is emptied in one statement
            }
            List<String> parentsFirst = new ArrayList<>();
            while (parentsFirst.size() < parents.size()) {
                String next = parents.entrySet().stream()
                        .filter(table -> !parentsFirst.contains(table.getKey()))
                        .filter(table -> parentsFirst.containsAll(table.getValue()))
                        .map(Map.Entry::getKey).findFirst()
                        .orElseThrow(() -> new IllegalStateException("foreign keys in a circle: " + parents));
                parentsFirst.add(next);
            }
            Collections.reverse(parentsFirst);
            return List.copyOf(parentsFirst);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the tables of " + target.url(), e);
        }
    }

    /** H2 keeps unquoted names in upper case, PostgreSQL in lower case. */
    private static String stored(DatabaseMetaData metadata, String table) throws SQLException {
        return metadata.storesUpperCaseIdentifiers() ? table.toUpperCase(Locale.ROOT) : table;
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
        return startInstanceOn(database, properties);
    }

    /** Starts this module's beans, and so Flyway's migrations, on {@code target}; closed with the test class. */
    public ApplicationContext startInstanceOn(JdbcTarget target, Map<String, Object> properties) {
        Map<String, Object> all = new HashMap<>(Map.of(
                "datasources.default.url", target.url(),
                "datasources.default.username", target.username(),
                "datasources.default.password", target.password(),
                "flyway.datasources.default.enabled", true,
                TestPolicies.ON, true));
        all.putAll(properties);
        ApplicationContext instance = ApplicationContext.builder().properties(all).deduceEnvironment(false).start();
        instances.add(instance);
        return instance;
    }

    /**
     * The tests skipped for one reason. Kept in the root context's store, it is closed (by JUnit 5.13 and later) once
     * all the tests have run, so its warning comes just before Surefire's "Tests run: ..., Skipped: ..." summary,
     * which counts them but says neither which they were nor why.
     */
    private static final class Skipped implements AutoCloseable {

        private final String why;
        private final Set<Class<?>> classes = new HashSet<>();
        private int tests;

        Skipped(String why) {
            this.why = why;
        }

        void add(Class<?> testClass) {
            classes.add(testClass);
            tests++;
        }

        @Override
        public void close() {
            LOG.warn("{} tests in {} classes did not run. {}", tests, classes.size(), why);
        }
    }
}
