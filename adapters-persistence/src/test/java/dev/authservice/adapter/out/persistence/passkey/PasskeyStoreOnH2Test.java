package dev.authservice.adapter.out.persistence.passkey;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.passkey.port.out.PasskeyStore;
import dev.authservice.application.passkey.port.out.PasskeyStoreContract;
import dev.authservice.application.user.port.out.UserStore;
import org.junit.jupiter.api.extension.RegisterExtension;

class PasskeyStoreOnH2Test extends PasskeyStoreContract {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.h2();

    @Override
    protected PasskeyStore emptyPasskeyStore() {
        database.deleteAllRows();
        return database.bean(PasskeyStore.class);
    }

    @Override
    protected UserStore userStore() {
        return database.bean(UserStore.class);
    }
}
