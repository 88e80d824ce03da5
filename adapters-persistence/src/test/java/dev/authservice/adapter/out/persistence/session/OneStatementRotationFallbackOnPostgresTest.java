package dev.authservice.adapter.out.persistence.session;

import static dev.authservice.application.fixtures.SessionMother.aLoginOf;
import static dev.authservice.application.fixtures.SessionMother.attemptOf;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.adapter.out.persistence.SqlStatement;
import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.session.RefreshToken.Decision;
import dev.authservice.domain.session.RefreshToken.RefreshAttempt;
import dev.authservice.domain.session.RefreshToken.Refusal;
import dev.authservice.domain.user.UserAccount;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micronaut.transaction.TransactionOperations;
import java.sql.Connection;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * When the shortcut and the domain disagree, the client gets the domain's answer, never a 500, and nothing of the
 * shortcut's writes is left: a statement that forgets the owner's condition rotates a disabled owner's token, the
 * domain refuses it, the transaction goes back to before the statement and the store decides the long way.
 */
class OneStatementRotationFallbackOnPostgresTest {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.postgres();

    @Test
    @SuppressWarnings("unchecked")
    void aRotationTheDomainRefusesIsUndoneAnsweredAsTheDomainDecidesAndCounted() {
        database.deleteAllRows();
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        JdbcSessionStore store = new JdbcSessionStore(database.bean(SessionRowRepository.class),
                database.bean(RefreshTokenRowRepository.class), database.bean(TransactionOperations.class),
                database.bean(SessionDenyList.class), Optional.of(new OneStatementRotation(SqlStatement.load(
                        OneStatementRotationFallbackOnPostgresTest.class, "rotation-that-forgets-the-owner.sql"),
                        registry)));
        UserAccount owner = UserAccountMother.aUser().build();
        database.bean(UserStore.class).add(owner);
        SessionMother.Login login = aLoginOf(owner, TestTime.now());
        store.start(login.session(), login.firstToken());
        database.bean(UserStore.class).setEnabled(owner.id(), false);
        SessionRow before = database.bean(SessionRowRepository.class).findById(login.sessionId().value()).orElseThrow();
        RefreshAttempt attempt = attemptOf(login.firstToken().hash(), TestTime.now().plusSeconds(1));

        Decision decided = store.refresh(attempt);

        assertEquals(new Decision.Refuse(Refusal.OWNER_DISABLED, Optional.of(login.firstToken())), decided);
        assertEquals(Optional.of(RefreshTokenRow.of(login.firstToken())),
                database.bean(RefreshTokenRowRepository.class).findById(login.firstToken().hash().hex()),
                "the token is active still");
        assertEquals(Optional.empty(), database.bean(RefreshTokenRowRepository.class)
                .findById(attempt.successor().hex()), "no successor");
        assertEquals(Optional.of(before), database.bean(SessionRowRepository.class)
                .findById(login.sessionId().value()), "the session as it was");
        assertEquals(1.0, registry.counter(OneStatementRotation.FALLBACKS).count(), "the fall-back is counted");
    }
}
