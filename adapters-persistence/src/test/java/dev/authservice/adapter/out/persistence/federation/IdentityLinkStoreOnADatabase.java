package dev.authservice.adapter.out.persistence.federation;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.federation.port.out.IdentityLinkStore;
import dev.authservice.application.federation.port.out.IdentityLinkStoreContract;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;

/** The JDBC store keeps the contract; its rows belong to users in {@code users}. */
abstract class IdentityLinkStoreOnADatabase extends IdentityLinkStoreContract {

    protected abstract TestDatabase database();

    @Override
    protected IdentityLinkStore emptyIdentityLinkStore() {
        database().deleteAllRows();
        return database().bean(IdentityLinkStore.class);
    }

    @Override
    protected UserId aUser() {
        UserAccount user = UserAccountMother.aUser().build();
        database().bean(UserStore.class).add(user);
        return user.id();
    }
}
