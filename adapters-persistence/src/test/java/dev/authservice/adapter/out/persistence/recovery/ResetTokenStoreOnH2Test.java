package dev.authservice.adapter.out.persistence.recovery;

import dev.authservice.adapter.out.persistence.TestDatabase;
import org.junit.jupiter.api.extension.RegisterExtension;

class ResetTokenStoreOnH2Test extends ResetTokenStoreOnADatabase {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.h2();

    @Override
    protected TestDatabase database() {
        return database;
    }
}
