package dev.authservice.adapter.out.persistence.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.adapter.out.persistence.SkippedWithoutPostgres;
import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.fixtures.RefreshWorld;
import dev.authservice.application.fixtures.RefreshWorlds;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.session.RefreshToken;
import dev.authservice.domain.session.RefreshToken.Decision;
import dev.authservice.domain.session.RefreshToken.TokenRecord;
import dev.authservice.domain.session.RefreshTokenHash;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micronaut.transaction.TransactionOperations;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The shortcut on its own, in every generated world: PostgreSQL's one statement rotates a token exactly when the
 * domain decides to rotate it, writes exactly the domain's rotation, returns exactly what the domain reads, and
 * touches nothing when the domain decides anything else. A rule added to the domain that the statement does not know
 * fails here, with the smallest world where they differ; through the store ({@code SessionStorePropertiesOnPostgresTest})
 * the same rule costs a fall-back, which that property counts as a failure too.
 */
@AddLifecycleHook(SkippedWithoutPostgres.class)
class OneStatementRotationPropertiesOnPostgresTest {

    private static final TestDatabase database = TestDatabase.postgres();

    @BeforeContainer
    static void open() {
        database.open();
    }

    @AfterContainer
    static void close() {
        database.close();
    }

    @Provide
    Arbitrary<RefreshWorld> worlds() {
        return RefreshWorlds.all();
    }

    @Property(tries = 250)
    @SuppressWarnings("unchecked")
    void rotatesExactlyWhatTheDomainRotatesAndTouchesNothingElse(@ForAll("worlds") RefreshWorld world) {
        database.deleteAllRows();
        Optional<RefreshWorld.Arranged> arranged = world.arrange(database.bean(SessionStore.class),
                database.bean(UserStore.class));
        Assume.that(arranged.isPresent());
        List<RefreshToken> tokensBefore = stored(arranged.get().session().tokens());
        SessionRow sessionBefore = sessionRow(world);

        TransactionOperations<Connection> transactions = database.bean(TransactionOperations.class);
        Optional<TokenRecord> rotated = transactions.executeWrite(status -> {
            try {
                return new OneStatementRotation(JdbcSessionStore.ROTATION_IN_ONE_STATEMENT, new SimpleMeterRegistry())
                        .run(status.getConnection(), world.attempt());
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });

        Decision decided = arranged.get().decision();
        Statistics.label("decisions").collect(decided.getClass().getSimpleName());
        if (decided instanceof Decision.Rotate rotate) {
            assertEquals(arranged.get().onRecord(), rotated, "it returns what the domain reads");
            List<RefreshToken> expected = new ArrayList<>(tokensBefore);
            expected.replaceAll(token -> token.hash().equals(world.attempt().presented())
                    ? rotate.rotation().rotated() : token);
            assertEquals(expected, stored(arranged.get().session().tokens()), "the session's tokens");
            assertEquals(Optional.of(rotate.rotation().successor()), stored(world.attempt().successor()),
                    "the successor");
            assertEquals(world.attempt().at(), sessionRow(world).lastUsedAt(), "the session's last use");
        } else {
            assertEquals(Optional.empty(), rotated, "the domain decides " + decided);
            assertEquals(tokensBefore, stored(arranged.get().session().tokens()), "the session's tokens");
            assertEquals(Optional.empty(), stored(world.attempt().successor()), "no successor");
            assertEquals(sessionBefore, sessionRow(world), "the session");
        }
    }

    private static List<RefreshToken> stored(List<RefreshToken> tokens) {
        return tokens.stream().map(token -> stored(token.hash()).orElseThrow()).toList();
    }

    private static Optional<RefreshToken> stored(RefreshTokenHash hash) {
        return database.bean(RefreshTokenRowRepository.class).findById(hash.hex())
                .map(RefreshTokenRow::toRefreshToken);
    }

    private static SessionRow sessionRow(RefreshWorld world) {
        return database.bean(SessionRowRepository.class).findById(world.history().session().id().value())
                .orElseThrow();
    }
}
