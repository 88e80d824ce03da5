package dev.authservice.adapter.out.persistence;

import org.junit.jupiter.api.extension.RegisterExtension;

class LostInsertsInATransactionOnPostgresTest extends LostInsertsInATransaction {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.postgres();

    @Override
    protected TestDatabase database() {
        return database;
    }
}
