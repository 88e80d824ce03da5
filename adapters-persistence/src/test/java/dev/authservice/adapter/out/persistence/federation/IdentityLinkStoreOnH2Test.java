package dev.authservice.adapter.out.persistence.federation;

import dev.authservice.adapter.out.persistence.TestDatabase;
import org.junit.jupiter.api.extension.RegisterExtension;

class IdentityLinkStoreOnH2Test extends IdentityLinkStoreOnADatabase {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.h2();

    @Override
    protected TestDatabase database() {
        return database;
    }
}
