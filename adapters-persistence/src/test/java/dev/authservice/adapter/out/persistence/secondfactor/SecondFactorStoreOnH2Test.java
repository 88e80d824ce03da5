package dev.authservice.adapter.out.persistence.secondfactor;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.secondfactor.port.out.SecondFactorStore;
import dev.authservice.application.secondfactor.port.out.SecondFactorStoreContract;
import dev.authservice.application.user.port.out.UserStore;
import org.junit.jupiter.api.extension.RegisterExtension;

class SecondFactorStoreOnH2Test extends SecondFactorStoreContract {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.h2();

    @Override
    protected SecondFactorStore emptySecondFactorStore() {
        database.deleteAllRows();
        return database.bean(SecondFactorStore.class);
    }

    @Override
    protected UserStore userStore() {
        return database.bean(UserStore.class);
    }
}
