package dev.authservice.adapter.out.persistence.session;

import static dev.authservice.application.fixtures.Refreshes.refresh;
import static dev.authservice.application.fixtures.SessionMother.attemptOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.session.port.out.RevokedSessions;
import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.session.Decision;
import dev.authservice.domain.session.RefreshAttempt;
import dev.authservice.domain.session.RefreshToken;
import dev.authservice.domain.session.RefreshTokenHash;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.user.UserAccount;
import io.micronaut.transaction.TransactionOperations;
import java.sql.Connection;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A refresh runs in the use case's transaction (one commit per rotation): the store's find and its writes join it,
 * commit with it and roll back with it. Run on each database by its subclass.
 */
abstract class RefreshInATransaction {

    private SessionStore store;
    private Transactions transactions;
    private TransactionOperations<Connection> rollbackable;
    private RefreshTokenRowRepository tokens;
    private RevokedSessions denyList;
    private SessionMother.Login login;
    private Instant now;

    protected abstract TestDatabase database();

    @BeforeEach
    @SuppressWarnings("unchecked")
    void logIn() {
        TestDatabase database = database();
        database.deleteAllRows();
        store = database.bean(SessionStore.class);
        transactions = database.bean(Transactions.class);
        rollbackable = database.bean(TransactionOperations.class);
        tokens = database.bean(RefreshTokenRowRepository.class);
        denyList = database.bean(RevokedSessions.class);
        UserAccount alice = UserAccountMother.alice();
        database.bean(UserStore.class).add(alice);
        now = TestTime.now();
        login = SessionMother.aLoginOf(alice, now);
        store.start(login.session(), login.firstToken());
    }

    @Test
    void aRotationRollsBackWithTheCallersTransaction() {
        RefreshAttempt attempt = attemptOf(login.firstToken().hash(), now.plusSeconds(1));

        rollbackable.executeWrite(status -> {
            Decision.Rotate rotate = assertInstanceOf(Decision.Rotate.class, refresh(store, transactions, attempt));
            assertEquals(Optional.of(rotate.rotation().successor()), stored(attempt.successor()));
            status.setRollbackOnly();
            return null;
        });

        assertEquals(Optional.of(login.firstToken()), stored(login.firstToken().hash()));
        assertEquals(Optional.empty(), stored(attempt.successor()));
    }

    @Test
    void aReuseFoundInsideTheCallersTransactionCommitsWithIt() {
        refresh(store, transactions, attemptOf(login.firstToken().hash(), now.plusSeconds(1)));

        Decision replay = refresh(store, transactions, attemptOf(login.firstToken().hash(), now.plusSeconds(2)));

        assertInstanceOf(Decision.RevokeForReuse.class, replay);
        assertEquals(Optional.of(login.session().revoke(RevocationReason.REUSE_DETECTED, now.plusSeconds(2))),
                store.find(login.sessionId()));
        assertTrue(denyList.isRevoked(login.sessionId()), "its access tokens are refused once it commits");
    }

    /** Say the audit record could not be written: the session was not revoked, so its access tokens still serve. */
    @Test
    void aReuseRolledBackWithTheCallersTransactionDeniesNothing() {
        refresh(store, transactions, attemptOf(login.firstToken().hash(), now.plusSeconds(1)));

        rollbackable.executeWrite(status -> {
            assertInstanceOf(Decision.RevokeForReuse.class,
                    refresh(store, transactions, attemptOf(login.firstToken().hash(), now.plusSeconds(2))));
            status.setRollbackOnly();
            return null;
        });

        assertEquals(Optional.of(login.session()), store.find(login.sessionId()));
        assertFalse(denyList.isRevoked(login.sessionId()));
    }

    private Optional<RefreshToken> stored(RefreshTokenHash hash) {
        return tokens.findById(hash.hex()).map(RefreshTokenRow::toRefreshToken);
    }
}
