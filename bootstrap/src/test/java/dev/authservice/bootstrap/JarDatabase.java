package dev.authservice.bootstrap;

import dev.authservice.adapter.out.persistence.PostgresDatabase;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A fresh database on the tests' PostgreSQL server (docs/tests.md), found as the persistence tests find theirs, for
 * jars started on it; {@link #close} drops it. Without a server the test is skipped, or fails under {@code CI=true}.
 */
final class JarDatabase implements AutoCloseable {

    private static final Prerequisite SERVER = Prerequisite.of("the tests of the jar on PostgreSQL need a PostgreSQL"
            + " server (docs/tests.md, \"PostgreSQL for the tests\")", () -> PostgresDatabase.serverMissing().isEmpty());

    private final PostgresDatabase database;

    private JarDatabase(PostgresDatabase database) {
        this.database = database;
    }

    static JarDatabase create(ExtensionContext test) {
        SERVER.require(test);
        return new JarDatabase(PostgresDatabase.create());
    }

    /** The environment that points a jar at this database. */
    Map<String, String> environment() {
        return Map.of("DATASOURCES_DEFAULT_URL", database.url(), "DATASOURCES_DEFAULT_USERNAME", database.username(),
                "DATASOURCES_DEFAULT_PASSWORD", database.password());
    }

    /** Drops the database, ending the connections of a jar still running on it. */
    @Override
    public void close() {
        database.drop();
    }
}
