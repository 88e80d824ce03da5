package dev.authservice.adapter.out.persistence.session;

import dev.authservice.adapter.out.persistence.TestDatabase;
import org.junit.jupiter.api.extension.RegisterExtension;

class PresentationInATransactionOnPostgresTest extends PresentationInATransaction {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.postgres();

    @Override
    protected TestDatabase database() {
        return database;
    }
}
