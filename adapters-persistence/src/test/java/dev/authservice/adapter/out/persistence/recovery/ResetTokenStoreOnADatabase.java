package dev.authservice.adapter.out.persistence.recovery;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.recovery.port.out.ResetTokenStore;
import dev.authservice.application.recovery.port.out.ResetTokenStoreContract;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;

/** The JDBC store keeps the contract; its tokens belong to users in {@code users}. */
abstract class ResetTokenStoreOnADatabase extends ResetTokenStoreContract {

    protected abstract TestDatabase database();

    @Override
    protected ResetTokenStore emptyResetTokenStore() {
        database().deleteAllRows();
        return database().bean(ResetTokenStore.class);
    }

    @Override
    protected UserId aUser() {
        UserAccount user = UserAccountMother.aUser().build();
        database().bean(UserStore.class).add(user);
        return user.id();
    }
}
