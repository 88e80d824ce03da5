package dev.authservice.adapter.out.persistence.federation;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.federation.port.out.PendingAuthorizationStore;
import dev.authservice.application.federation.port.out.PendingAuthorizationStoreContract;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;

/** The JDBC store keeps the contract; its rows belong to users in {@code users}. */
abstract class PendingAuthorizationStoreOnADatabase extends PendingAuthorizationStoreContract {

    protected abstract TestDatabase database();

    @Override
    protected PendingAuthorizationStore emptyPendingAuthorizationStore() {
        database().deleteAllRows();
        return database().bean(PendingAuthorizationStore.class);
    }

    @Override
    protected UserId aUser() {
        UserAccount user = UserAccountMother.aUser().build();
        database().bean(UserStore.class).add(user);
        return user.id();
    }
}
