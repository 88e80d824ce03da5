package dev.authservice.adapter.out.persistence.session;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.session.port.out.RevokedSessions;
import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.application.session.port.out.SessionStoreContract;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.session.RefreshToken;
import dev.authservice.domain.session.RefreshTokenHash;
import java.util.Optional;

/** {@link SessionStoreContract} for {@link JdbcSessionStore}, run on each database by a subclass. */
abstract class JdbcSessionStoreContract extends SessionStoreContract {

    protected abstract TestDatabase database();

    @Override
    protected SessionStore emptySessionStore() {
        database().deleteAllRows();
        return database().bean(SessionStore.class);
    }

    @Override
    protected Transactions transactions() {
        return database().bean(Transactions.class);
    }

    @Override
    protected RevokedSessions revokedSessions() {
        return database().bean(RevokedSessions.class);
    }

    @Override
    protected UserStore userStore() {
        return database().bean(UserStore.class);
    }

    @Override
    protected Optional<RefreshToken> storedToken(RefreshTokenHash hash) {
        return database().bean(RefreshTokenRowRepository.class).findById(hash.hex())
                .map(RefreshTokenRow::toRefreshToken);
    }
}
