package dev.authservice.adapter.out.persistence.session;

import dev.authservice.adapter.out.persistence.TestDatabase;
import org.junit.jupiter.api.extension.RegisterExtension;

class RefreshInATransactionOnPostgresTest extends RefreshInATransaction {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.postgres();

    @Override
    protected TestDatabase database() {
        return database;
    }
}
