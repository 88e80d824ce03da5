package dev.authservice.adapter.out.persistence;

import org.junit.jupiter.api.extension.RegisterExtension;

class LostInsertsInATransactionOnH2Test extends LostInsertsInATransaction {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.h2();

    @Override
    protected TestDatabase database() {
        return database;
    }
}
