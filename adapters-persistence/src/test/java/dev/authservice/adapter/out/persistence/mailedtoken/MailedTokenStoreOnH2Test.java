package dev.authservice.adapter.out.persistence.mailedtoken;

import dev.authservice.adapter.out.persistence.TestDatabase;
import org.junit.jupiter.api.extension.RegisterExtension;

class MailedTokenStoreOnH2Test extends MailedTokenStoreOnADatabase {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.h2();

    @Override
    protected TestDatabase database() {
        return database;
    }
}
