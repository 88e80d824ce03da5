package dev.authservice.adapter.out.persistence.user;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.application.user.port.out.UserStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

class UserStoreOnPostgresTest extends UserStoreContract {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.postgres();

    @Override
    protected UserStore emptyUserStore() {
        database.deleteAllRows();
        return database.bean(UserStore.class);
    }
}
