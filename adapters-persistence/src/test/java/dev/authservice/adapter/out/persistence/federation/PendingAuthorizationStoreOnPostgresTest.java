package dev.authservice.adapter.out.persistence.federation;

import dev.authservice.adapter.out.persistence.TestDatabase;
import org.junit.jupiter.api.extension.RegisterExtension;

class PendingAuthorizationStoreOnPostgresTest extends PendingAuthorizationStoreOnADatabase {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.postgres();

    @Override
    protected TestDatabase database() {
        return database;
    }
}
