package dev.authservice.adapter.out.persistence.recovery;

import dev.authservice.adapter.out.persistence.TestDatabase;
import org.junit.jupiter.api.extension.RegisterExtension;

class ResetTokenStoreOnPostgresTest extends ResetTokenStoreOnADatabase {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.postgres();

    @Override
    protected TestDatabase database() {
        return database;
    }
}
