package dev.authservice.adapter.out.persistence.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.fixtures.RefreshAttemptCase;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.session.RefreshToken;
import dev.authservice.domain.session.RefreshToken.Decision;
import dev.authservice.domain.session.RefreshToken.TokenRecord;
import dev.authservice.domain.session.RefreshTokenHash;
import io.micronaut.transaction.TransactionOperations;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The shortcut on its own: PostgreSQL's one statement finds and rotates a token exactly when the domain decides to
 * rotate it, writes exactly the domain's rotation, and touches nothing when the domain decides anything else. With
 * {@code SessionStoreContract}, which holds the whole of {@code present} to the domain, this proves the statement
 * re-implements no rule of its own.
 */
class OneStatementRotationOnPostgresTest {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.postgres();

    @TestFactory
    Stream<DynamicTest> rotatesExactlyWhatTheDomainRotatesAndTouchesNothingElse() {
        database.deleteAllRows();
        Instant now = TestTime.now();
        return RefreshAttemptCase.all().stream().map(presentationCase -> DynamicTest.dynamicTest(
                presentationCase.toString(), () -> runAlone(presentationCase.arrange(
                        database.bean(SessionStore.class), database.bean(UserStore.class), now))));
    }

    @SuppressWarnings("unchecked")
    private void runAlone(RefreshAttemptCase.Arranged arranged) {
        SessionRow sessionBefore = sessionRow(arranged);
        TransactionOperations<Connection> transactions = database.bean(TransactionOperations.class);

        Optional<TokenRecord> rotated = transactions.executeWrite(status -> {
            try {
                return JdbcSessionStore.rotateInOneStatement(status.getConnection(), arranged.attempt());
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });

        Decision decided = arranged.decision();
        if (decided instanceof Decision.Rotate rotate) {
            assertEquals(arranged.found(), rotated, "it found what the domain was shown");
            assertEquals(Optional.of(rotate.rotation().rotated()), stored(arranged.token().hash()));
            assertEquals(Optional.of(rotate.rotation().successor()), stored(arranged.attempt().successor()));
            assertEquals(arranged.attempt().at(), sessionRow(arranged).lastUsedAt());
        } else {
            assertEquals(Optional.empty(), rotated, "the domain decides " + decided);
            assertEquals(Optional.of(arranged.token()), stored(arranged.token().hash()));
            assertEquals(Optional.empty(), stored(arranged.attempt().successor()));
            assertEquals(sessionBefore, sessionRow(arranged));
        }
    }

    private static SessionRow sessionRow(RefreshAttemptCase.Arranged arranged) {
        return database.bean(SessionRowRepository.class).findById(arranged.session().id().value()).orElseThrow();
    }

    private static Optional<RefreshToken> stored(RefreshTokenHash hash) {
        return database.bean(RefreshTokenRowRepository.class).findById(hash.hex()).map(RefreshTokenRow::toRefreshToken);
    }
}
