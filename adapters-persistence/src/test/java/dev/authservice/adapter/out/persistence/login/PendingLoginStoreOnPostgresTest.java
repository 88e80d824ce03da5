package dev.authservice.adapter.out.persistence.login;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.login.port.out.PendingLoginStore;
import dev.authservice.application.login.port.out.PendingLoginStoreContract;
import dev.authservice.application.user.port.out.UserStore;
import org.junit.jupiter.api.extension.RegisterExtension;

class PendingLoginStoreOnPostgresTest extends PendingLoginStoreContract {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.postgres();

    @Override
    protected PendingLoginStore emptyPendingLoginStore() {
        database.deleteAllRows();
        return database.bean(PendingLoginStore.class);
    }

    @Override
    protected UserStore userStore() {
        return database.bean(UserStore.class);
    }
}
