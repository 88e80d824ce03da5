package dev.authservice.adapter.out.persistence.user;

import dev.authservice.adapter.out.persistence.TranslatesUnavailability;
import dev.authservice.adapter.out.persistence.UniqueViolation;
import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.domain.login.CountedAttempt;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.login.LoginThrottlePolicy;
import dev.authservice.domain.user.Username;
import io.micronaut.context.annotation.Requires;
import io.micronaut.data.exceptions.DataAccessException;
import io.micronaut.scheduling.annotation.Scheduled;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Login attempts in the database, for a throttle that the instances sharing it enforce together and that a restart
 * does not reset ({@code auth.login.attempt-log: database}, ADR-0007). An address's row in
 * {@code login_throttle_addresses} is locked while one of its attempts is decided: the policy limits an address across
 * usernames, so instances deciding for the same client address take turns whatever the username, and a burst spread
 * over them gets no more attempts than one instance would let through.
 */
@Singleton
@TranslatesUnavailability
@Requires(property = "auth.login.attempt-log", value = "database")
class JdbcLoginAttemptLog implements LoginAttemptLog {

    /**
     * A lost race to add an address leaves it added, so the next try locks it; only a removal in between needs a
     * third.
     */
    private static final int TRIES = 3;

    private final LoginAttemptRowRepository rows;
    private final TransactionOperations<Connection> transactions;
    private final LoginThrottlePolicy policy;
    private final Clock clock;

    JdbcLoginAttemptLog(LoginAttemptRowRepository rows, TransactionOperations<Connection> transactions,
                        LoginThrottlePolicy policy, Clock clock) {
        this.rows = rows;
        this.transactions = transactions;
        this.policy = policy;
        this.clock = clock;
    }

    /**
     * One transaction of its own, tried again when another one added the same address first. Refused inside a
     * transaction: it would join it, and on PostgreSQL the failed INSERT would abort it, retries and all.
     */
    @Override
    public Optional<Duration> tryAttempt(LoginAttemptKey key, Instant now) {
        if (transactions.findTransactionStatus().isPresent()) {
            throw new IllegalStateException("a login attempt is decided in a transaction of its own");
        }
        for (int tries = 1; ; tries++) {
            try {
                return transactions.executeWrite(status -> decide(key, now));
            } catch (DataAccessException e) {
                if (tries == TRIES || !UniqueViolation.isCauseOf(e)) {
                    throw e;
                }
            }
        }
    }

    private Optional<Duration> decide(LoginAttemptKey key, Instant now) {
        String clientAddress = key.client();
        Optional<Instant> lastAttempt = rows.lockAddress(clientAddress);
        List<LoginAttemptRow> attempts;
        if (lastAttempt.isPresent()) {
            attempts = rows.attemptsOf(clientAddress);
        } else {
            rows.insertAddress(clientAddress, now);
            attempts = List.of(); // an address's attempts go with its row
        }
        Optional<Duration> wait = policy.waitBefore(now, key.username(), attempts.stream()
                .map(row -> new CountedAttempt(new Username(row.username()), row.attemptedAt())).toList());
        if (wait.isPresent()) {
            return wait;
        }
        rows.insert(new LoginAttemptRow(UUID.randomUUID(), key.username().value(), clientAddress, now));
        if (lastAttempt.filter(now::isAfter).isPresent()) {
            rows.updateLastAttempt(clientAddress, now);
        }
        Instant windowStart = policy.windowStart(now);
        if (attempts.stream().anyMatch(row -> !row.attemptedAt().isAfter(windowStart))) {
            rows.deleteAttemptsUntil(clientAddress, windowStart);
        }
        return Optional.empty();
    }

    @Override
    public void clear(LoginAttemptKey key) {
        rows.deleteAttemptsOf(key.client(), key.username().value());
    }

    /**
     * Addresses without an attempt in the window, with their attempts. The attempts that left the window of an
     * address still in use go at its next attempt.
     */
    @Scheduled(initialDelay = "1m", fixedDelay = "1m")
    void forgetOldAttempts() {
        rows.deleteAddressesIdleSince(policy.windowStart(clock.instant()));
    }
}
