package dev.authservice.adapter.out.persistence.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.port.out.RefreshTokenStore;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.token.RefreshToken;
import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.user.UserAccount;
import io.micronaut.transaction.TransactionOperations;
import java.sql.Connection;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Bootstrap runs a whole refresh in one transaction (one commit per rotation): the store's writes join it, commit with
 * it and roll back with it. Run on each database by its subclass.
 */
abstract class RotationInATransaction {

    private RefreshTokenStore store;
    private TransactionOperations<Connection> transactions;
    private SessionMother.Login login;
    private Instant now;

    protected abstract TestDatabase database();

    @BeforeEach
    @SuppressWarnings("unchecked")
    void logIn() {
        TestDatabase database = database();
        database.deleteAllRows();
        store = database.bean(RefreshTokenStore.class);
        transactions = database.bean(TransactionOperations.class);
        UserAccount alice = UserAccountMother.alice();
        database.bean(UserStore.class).add(alice);
        now = TestTime.now();
        login = SessionMother.aLoginOf(alice, now);
        store.startSession(login.session(), login.firstToken());
    }

    /** A rotation that loses its race must roll back only itself, so that the reuse revocation that follows commits. */
    @Test
    void aLostRaceInsideTheCallersTransactionStillLetsTheRevocationCommit() {
        RefreshToken.Rotation first = SessionMother.rotationOf(login.firstToken(), now.plusSeconds(1));
        RefreshToken.Rotation replay = SessionMother.rotationOf(login.firstToken(), now.plusSeconds(2));
        store.rotate(first);

        boolean revoked = transactions.executeWrite(status -> {
            assertFalse(store.rotate(replay), "the token was already rotated");
            return store.revokeSession(login.sessionId(), RevocationReason.REUSE_DETECTED, now.plusSeconds(2));
        });

        assertTrue(revoked);
        assertTrue(store.findByHash(first.successor().hash()).orElseThrow() instanceof RefreshToken.Revoked);
        assertEquals(Optional.empty(), store.findByHash(replay.successor().hash()), "the loser stored nothing");
    }

    /** As the refresh does it: in one step where the store can, in two where it cannot. */
    @Test
    void aRotationRollsBackWithTheCallersTransaction() {
        RefreshToken.Rotation rotation = SessionMother.rotationOf(login.firstToken(), now.plusSeconds(1));

        transactions.executeWrite(status -> {
            boolean rotated = store.rotateIfActive(login.firstToken().hash(), rotation.successor().hash(),
                    rotation.rotated().rotatedAt(), rotation.successor().expiresAt()).isPresent()
                    || store.rotate(rotation);
            assertTrue(rotated);
            assertEquals(Optional.of(rotation.successor()), store.findByHash(rotation.successor().hash()));
            status.setRollbackOnly();
            return null;
        });

        assertEquals(Optional.of(login.firstToken()), store.findByHash(login.firstToken().hash()));
        assertEquals(Optional.empty(), store.findByHash(rotation.successor().hash()));
    }
}
