package dev.authservice.adapter.out.persistence.session;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.session.port.out.RevokedSessions;
import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.application.session.port.out.SessionStoreProperties;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.session.RefreshToken;
import dev.authservice.domain.session.RefreshTokenHash;
import java.util.Optional;
import net.jqwik.api.Assume;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;

/**
 * {@link SessionStoreProperties} for {@link JdbcSessionStore}, run on each database by a subclass. Each property has a
 * database of its own, made before its first try and dropped once it has ended, so that one failing property reports
 * one failure. jqwik ends a shrink that outlasts its bound ({@code jqwik.shrinking.bounded.seconds}) by reporting
 * the smallest world found so far, but the shrink goes on in the background: its tries, which reach only this
 * property's database, stop before touching it once the property has ended.
 */
abstract class JdbcSessionStoreProperties extends SessionStoreProperties {

    private TestDatabase database;
    private volatile boolean ended;

    /** A database of the subclass's kind, not opened yet. */
    protected abstract TestDatabase newDatabase();

    @BeforeProperty
    void openADatabaseOfItsOwn() {
        database = newDatabase();
        database.open();
    }

    @AfterProperty
    void dropIt() {
        ended = true;
        database.close();
    }

    @Override
    protected SessionStore emptySessionStore() {
        Assume.that(!ended);
        database.deleteAllRows();
        return database.bean(SessionStore.class);
    }

    @Override
    protected Transactions transactions() {
        return database.bean(Transactions.class);
    }

    @Override
    protected UserStore userStore() {
        return database.bean(UserStore.class);
    }

    @Override
    protected RevokedSessions revokedSessions() {
        return database.bean(RevokedSessions.class);
    }

    @Override
    protected Optional<RefreshToken> storedToken(RefreshTokenHash hash) {
        return database.bean(RefreshTokenRowRepository.class).findById(hash.hex())
                .map(RefreshTokenRow::toRefreshToken);
    }
}
