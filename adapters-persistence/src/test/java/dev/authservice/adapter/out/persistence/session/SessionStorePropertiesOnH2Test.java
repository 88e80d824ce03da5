package dev.authservice.adapter.out.persistence.session;

import dev.authservice.adapter.out.persistence.TestDatabase;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/** On H2, where a rotation is three statements. */
class SessionStorePropertiesOnH2Test extends JdbcSessionStoreProperties {

    private static final TestDatabase database = TestDatabase.h2();

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
