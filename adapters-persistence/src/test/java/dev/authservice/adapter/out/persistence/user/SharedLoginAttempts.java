package dev.authservice.adapter.out.persistence.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.application.user.port.out.LoginAttemptLogContract;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.login.LoginThrottlePolicy;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.user.Username;
import io.micronaut.context.ApplicationContext;
import io.micronaut.transaction.TransactionOperations;
import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link JdbcLoginAttemptLog}: the contract, the instances sharing the count, and the rows that go once their attempts
 * have left the window. Run on each database by its subclass.
 */
abstract class SharedLoginAttempts extends LoginAttemptLogContract {

    static final LoginAttemptKey CAROL = new LoginAttemptKey(new Username("carol"), "192.0.2.4");
    private static final LoginAttemptKey DAVE = LoginAttemptKey.of(new Username("dave"),
            new ClientAddress("2001:db8:0:0:0:0:0:7"));

    private final Instant now = TestTime.now();

    protected abstract TestDatabase database();

    @Override
    protected JdbcLoginAttemptLog emptyLoginAttemptLog(LoginThrottlePolicy policy, Clock clock) {
        database().deleteAllRows();
        return logOf(database().bean(ApplicationContext.class), policy, clock);
    }

    @Test
    void anotherInstanceOnTheSameDatabaseCountsTheSameAttempts() {
        LoginAttemptLog here = emptyLoginAttemptLog(THREE_PER_USERNAME_TEN_PER_ADDRESS, clockAt(now));
        LoginAttemptLog there = logOf(database().startInstance(Map.of()), THREE_PER_USERNAME_TEN_PER_ADDRESS, clockAt(now));
        here.tryAttempt(CAROL, now);
        there.tryAttempt(CAROL, now);
        here.tryAttempt(CAROL, now);

        assertTrue(there.tryAttempt(CAROL, now).isPresent());

        here.clear(CAROL);
        assertEquals(Optional.empty(), there.tryAttempt(CAROL, now));
    }

    @Test
    void theScheduledCleanupRemovesOnlyAddressesWithoutAnAttemptInTheWindow() {
        JdbcLoginAttemptLog log = emptyLoginAttemptLog(THREE_PER_USERNAME_TEN_PER_ADDRESS, clockAt(now));
        log.tryAttempt(CAROL, minutesAgo(12));
        log.tryAttempt(CAROL, minutesAgo(10)); // the window's first instant, no longer in it
        log.tryAttempt(DAVE, minutesAgo(2));
        log.tryAttempt(DAVE, minutesAgo(1));

        log.forgetOldAttempts();

        assertEquals(List.of(), attemptTimes(CAROL));
        assertEquals(Optional.empty(), rows().lockAddress(CAROL.client()));
        assertEquals(2, attemptTimes(DAVE).size());
        assertEquals(Optional.empty(), log.tryAttempt(DAVE, now));
        assertTrue(log.tryAttempt(DAVE, now).isPresent());
    }

    @Test
    void anAttemptTakesAwayTheAttemptsOfItsAddressThatLeftTheWindow() {
        LoginAttemptLog log = emptyLoginAttemptLog(THREE_PER_USERNAME_TEN_PER_ADDRESS, clockAt(now));
        LoginAttemptKey erin = new LoginAttemptKey(new Username("erin"), CAROL.client());
        log.tryAttempt(CAROL, minutesAgo(12));
        log.tryAttempt(erin, minutesAgo(11));

        log.tryAttempt(CAROL, now);

        assertEquals(List.of(now), attemptTimes(CAROL));
        assertEquals(List.of(), attemptTimes(erin));
    }

    @Test
    @SuppressWarnings("unchecked")
    void anAttemptInsideATransactionIsRefusedAndCountsNothing() {
        LoginAttemptLog log = emptyLoginAttemptLog(THREE_PER_USERNAME_TEN_PER_ADDRESS, clockAt(now));
        TransactionOperations<Connection> transactions = database().bean(TransactionOperations.class);

        assertThrows(IllegalStateException.class,
                () -> transactions.executeWrite(status -> log.tryAttempt(CAROL, now)));

        assertEquals(List.of(), attemptTimes(CAROL));
    }

    List<Instant> attemptTimes(LoginAttemptKey key) {
        return rows().attemptsOf(key.client()).stream()
                .filter(row -> row.username().equals(key.username().value()))
                .map(LoginAttemptRow::attemptedAt).toList();
    }

    LoginAttemptRowRepository rows() {
        return database().bean(LoginAttemptRowRepository.class);
    }

    private Instant minutesAgo(int minutes) {
        return now.minus(Duration.ofMinutes(minutes));
    }

    static Clock clockAt(Instant instant) {
        return Clock.fixed(instant, ZoneOffset.UTC);
    }

    @SuppressWarnings("unchecked")
    static JdbcLoginAttemptLog logOf(ApplicationContext instance, LoginThrottlePolicy policy, Clock clock) {
        return new JdbcLoginAttemptLog(instance.getBean(LoginAttemptRowRepository.class),
                instance.getBean(TransactionOperations.class), policy, clock);
    }
}
