package dev.authservice.adapter.out.persistence.passkey;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.passkey.port.out.PasskeyChallengeStore;
import dev.authservice.application.passkey.port.out.PasskeyChallengeStoreContract;
import dev.authservice.application.user.port.out.UserStore;
import org.junit.jupiter.api.extension.RegisterExtension;

class PasskeyChallengeStoreOnPostgresTest extends PasskeyChallengeStoreContract {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.postgres();

    @Override
    protected PasskeyChallengeStore emptyChallengeStore() {
        database.deleteAllRows();
        return database.bean(PasskeyChallengeStore.class);
    }

    @Override
    protected UserStore userStore() {
        return database.bean(UserStore.class);
    }
}
