package dev.authservice.adapter.out.persistence.user;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.fixtures.TestTime;
import io.micronaut.context.ApplicationContext;
import io.micronaut.transaction.TransactionOperations;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class SharedLoginAttemptsOnPostgresTest extends SharedLoginAttempts {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.postgres();

    @Override
    protected TestDatabase database() {
        return database;
    }

    /**
     * An address's first attempts at two instances at once: the INSERT of the address that waited for the other's to
     * commit fails, and its attempt is tried again, locks the address the other added and is counted.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theLoserOfARaceToAddAnAddressTriesAgainAndIsCounted() throws Exception {
        Instant now = TestTime.now();
        JdbcLoginAttemptLog log = emptyLoginAttemptLog(THREE_PER_USERNAME_TEN_PER_ADDRESS, clockAt(now));
        ApplicationContext other = database.startInstance(Map.of());
        TransactionOperations<Connection> otherTransactions = other.getBean(TransactionOperations.class);
        LoginAttemptRowRepository otherRows = other.getBean(LoginAttemptRowRepository.class);
        CountDownLatch added = new CountDownLatch(1);
        CountDownLatch commit = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Future<?> adding = threads.submit(() -> otherTransactions.executeWrite(status -> {
                otherRows.insertAddress(CAROL.client(), now);
                added.countDown();
                awaitQuietly(commit);
                return null;
            }));
            added.await(10, SECONDS);
            Future<Optional<Duration>> attempt = threads.submit(() -> log.tryAttempt(CAROL, now));
            awaitATransactionWaitingForALock();
            commit.countDown();
            adding.get(10, SECONDS);

            assertEquals(Optional.empty(), attempt.get(10, SECONDS));
            assertEquals(List.of(now), attemptTimes(CAROL));
        } finally {
            commit.countDown();
            threads.shutdownNow();
        }
    }

    @SuppressWarnings("unchecked")
    private static void awaitATransactionWaitingForALock() throws InterruptedException {
        TransactionOperations<Connection> transactions = database.bean(TransactionOperations.class);
        for (int i = 0; i < 200; i++) {
            boolean waiting = transactions.executeRead(status -> {
                try (PreparedStatement statement = status.getConnection().prepareStatement(
                        "SELECT count(*) FROM pg_stat_activity"
                                + " WHERE datname = current_database() AND wait_event_type = 'Lock'");
                     ResultSet row = statement.executeQuery()) {
                    row.next();
                    return row.getLong(1) > 0;
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            if (waiting) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no transaction waited for a lock within 10 s");
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
