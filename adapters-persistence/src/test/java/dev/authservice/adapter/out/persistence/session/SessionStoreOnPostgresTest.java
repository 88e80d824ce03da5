package dev.authservice.adapter.out.persistence.session;

import dev.authservice.adapter.out.persistence.TestDatabase;
import org.junit.jupiter.api.extension.RegisterExtension;

/** On PostgreSQL, where a attempt the domain would rotate is carried out in one statement. */
class SessionStoreOnPostgresTest extends JdbcSessionStoreContract {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.postgres();

    @Override
    protected TestDatabase database() {
        return database;
    }
}
