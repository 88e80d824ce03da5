package dev.authservice.adapter.out.persistence.user;

import dev.authservice.adapter.out.persistence.TestDatabase;
import org.junit.jupiter.api.extension.RegisterExtension;

class UniqueUsernameSkeletonsOnPostgresTest extends UniqueUsernameSkeletonsContract {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.postgres();

    @Override
    protected TestDatabase testDatabase() {
        return database;
    }
}
