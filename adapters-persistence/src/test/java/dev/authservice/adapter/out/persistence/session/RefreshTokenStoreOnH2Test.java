package dev.authservice.adapter.out.persistence.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.port.out.RefreshTokenStore;
import dev.authservice.application.port.out.RefreshTokenStoreContract;
import dev.authservice.application.port.out.RevokedSessions;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.token.RefreshTokenHash;
import io.micronaut.data.connection.ConnectionOperations;
import io.micronaut.transaction.TransactionOperations;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RefreshTokenStoreOnH2Test extends RefreshTokenStoreContract {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.h2();

    @Override
    protected RefreshTokenStore emptyRefreshTokenStore() {
        database.deleteAllRows();
        return database.bean(RefreshTokenStore.class);
    }

    @Override
    protected RevokedSessions revokedSessions() {
        return database.bean(RevokedSessions.class);
    }

    @Override
    protected UserStore userStore() {
        return database.bean(UserStore.class);
    }

    @Override
    protected boolean rotatesInOneStep() {
        return false;
    }

    /**
     * The store learns which database it is on from its first connection. Refreshes that arrive together at a fresh
     * service must all learn that H2 has no one-step rotation: none may run PostgreSQL's statement on it.
     */
    @Test
    @SuppressWarnings("unchecked")
    void refreshesArrivingTogetherAtAFreshStoreAllFallBackToTwoSteps() throws Exception {
        int together = 4;
        ExecutorService threads = Executors.newFixedThreadPool(together);
        try {
            for (int round = 0; round < 100; round++) {
                RefreshTokenStore fresh = new JdbcRefreshTokenStore(database.bean(SessionRowRepository.class),
                        database.bean(RefreshTokenRowRepository.class), database.bean(TransactionOperations.class),
                        database.bean(ConnectionOperations.class), database.bean(SessionDenyList.class));
                CyclicBarrier start = new CyclicBarrier(together);
                Instant now = TestTime.now();
                List<Future<Optional<RefreshTokenStore.RotatedAtOnce>>> answers = new ArrayList<>();
                for (int i = 0; i < together; i++) {
                    answers.add(threads.submit(() -> {
                        start.await();
                        return fresh.rotateIfActive(RefreshTokenHash.of("presented"), RefreshTokenHash.of("next"),
                                now, now.plusSeconds(60));
                    }));
                }
                for (var answer : answers) {
                    assertEquals(Optional.empty(), answer.get(), "round " + round);
                }
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
