package dev.authservice.adapter.out.persistence.mailedtoken;

import dev.authservice.adapter.out.persistence.TestDatabase;
import org.junit.jupiter.api.extension.RegisterExtension;

class MailedTokenStoreOnPostgresTest extends MailedTokenStoreOnADatabase {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.postgres();

    @Override
    protected TestDatabase database() {
        return database;
    }
}
