package dev.authservice.adapter.out.persistence.user;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.application.user.port.out.UserStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

class UserStoreOnH2Test extends UserStoreContract {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.h2();

    @Override
    protected UserStore emptyUserStore() {
        database.deleteAllRows();
        return database.bean(UserStore.class);
    }
}
