package dev.authservice.adapter.out.persistence.mailedtoken;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.mailedtoken.port.out.MailedTokenStore;
import dev.authservice.application.mailedtoken.port.out.MailedTokenStoreContract;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;

/** The JDBC store keeps the contract; its tokens belong to users in {@code users}. */
abstract class MailedTokenStoreOnADatabase extends MailedTokenStoreContract {

    protected abstract TestDatabase database();

    @Override
    protected MailedTokenStore emptyMailedTokenStore() {
        database().deleteAllRows();
        return database().bean(MailedTokenStore.class);
    }

    @Override
    protected UserId aUser() {
        UserAccount user = UserAccountMother.aUser().build();
        database().bean(UserStore.class).add(user);
        return user.id();
    }
}
