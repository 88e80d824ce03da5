package dev.authservice.adapter.out.persistence.session;

import dev.authservice.adapter.out.persistence.TestDatabase;
import org.junit.jupiter.api.extension.RegisterExtension;

class RefreshInATransactionOnH2Test extends RefreshInATransaction {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.h2();

    @Override
    protected TestDatabase database() {
        return database;
    }
}
