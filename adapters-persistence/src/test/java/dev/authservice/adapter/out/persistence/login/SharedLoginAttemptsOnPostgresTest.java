package dev.authservice.adapter.out.persistence.login;

import dev.authservice.adapter.out.persistence.TestDatabase;
import org.junit.jupiter.api.extension.RegisterExtension;

class SharedLoginAttemptsOnPostgresTest extends SharedLoginAttempts {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.postgres();

    @Override
    protected TestDatabase database() {
        return database;
    }
}
