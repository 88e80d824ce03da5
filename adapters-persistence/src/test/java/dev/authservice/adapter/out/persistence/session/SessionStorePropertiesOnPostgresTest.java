package dev.authservice.adapter.out.persistence.session;

import dev.authservice.adapter.out.persistence.SkippedWithoutPostgres;
import dev.authservice.adapter.out.persistence.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/** On PostgreSQL, where a rotation is tried in one statement first (OneStatementRotation). */
@AddLifecycleHook(SkippedWithoutPostgres.class)
class SessionStorePropertiesOnPostgresTest extends JdbcSessionStoreProperties {

    private static final TestDatabase database = TestDatabase.postgres();

    @BeforeContainer
    static void open() {
        database.open();
    }

    @AfterContainer
    static void close() {
        database.close();
    }

    @Override
    protected TestDatabase database() {
        return database;
    }

    /** The shortcut's fall-backs, which a shortcut proven equal to the domain never needs. */
    @Override
    protected long fallbacks() {
        return (long) database.bean(MeterRegistry.class).counter(OneStatementRotation.FALLBACKS).count();
    }
}
