package dev.authservice.adapter.out.persistence.user;

import dev.authservice.adapter.out.persistence.TestDatabase;
import org.junit.jupiter.api.extension.RegisterExtension;

class UniqueUsernameSkeletonsOnH2Test extends UniqueUsernameSkeletonsContract {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.h2();

    @Override
    protected TestDatabase testDatabase() {
        return database;
    }
}
