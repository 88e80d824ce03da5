package dev.authservice.adapter.out.persistence.session;

import dev.authservice.adapter.out.persistence.SkippedWithoutPostgres;
import dev.authservice.adapter.out.persistence.TestDatabase;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/** On PostgreSQL, where a rotation is one statement (rotation.sql). */
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
}
