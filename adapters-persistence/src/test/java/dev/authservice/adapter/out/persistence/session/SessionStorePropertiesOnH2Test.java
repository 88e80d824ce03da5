package dev.authservice.adapter.out.persistence.session;

import dev.authservice.adapter.out.persistence.TestDatabase;

/** On H2, where a rotation is three statements. */
class SessionStorePropertiesOnH2Test extends JdbcSessionStoreProperties {

    @Override
    protected TestDatabase newDatabase() {
        return TestDatabase.h2();
    }
}
