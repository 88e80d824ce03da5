package dev.authservice.adapter.out.persistence.session;

import dev.authservice.adapter.out.persistence.TestDatabase;
import org.junit.jupiter.api.extension.RegisterExtension;

/** On H2, where every attempt is read, decided and written with its session locked. */
class SessionStoreOnH2Test extends JdbcSessionStoreContract {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.h2();

    @Override
    protected TestDatabase database() {
        return database;
    }
}
