package dev.authservice.adapter.out.persistence.session;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.port.out.RefreshTokenStore;
import dev.authservice.application.port.out.RefreshTokenStoreContract;
import dev.authservice.application.port.out.RevokedSessions;
import dev.authservice.application.port.out.UserStore;
import org.junit.jupiter.api.extension.RegisterExtension;

class RefreshTokenStoreOnPostgresTest extends RefreshTokenStoreContract {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.postgres();

    @Override
    protected RefreshTokenStore emptyRefreshTokenStore() {
        database.deleteAllRows();
        return database.bean(RefreshTokenStore.class);
    }

    @Override
    protected RevokedSessions revokedSessions() {
        return database.bean(RevokedSessions.class);
    }

    @Override
    protected UserStore userStore() {
        return database.bean(UserStore.class);
    }

    @Override
    protected boolean rotatesInOneStep() {
        return true;
    }
}
