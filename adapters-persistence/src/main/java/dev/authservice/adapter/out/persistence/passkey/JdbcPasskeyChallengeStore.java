package dev.authservice.adapter.out.persistence.passkey;

import dev.authservice.adapter.out.persistence.StripeLocks;
import dev.authservice.adapter.out.persistence.TransactionalStatements;
import dev.authservice.adapter.out.persistence.TranslatesUnavailability;
import dev.authservice.adapter.out.persistence.UniqueViolation;
import dev.authservice.application.passkey.port.out.PasskeyChallengeStore;
import dev.authservice.domain.network.OpenPerAddressLimit;
import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.PasskeyChallenge;
import dev.authservice.domain.passkey.PasskeyLoginChallenge;
import dev.authservice.domain.user.UserId;
import io.micronaut.data.connection.ConnectionOperations;
import io.micronaut.scheduling.annotation.Scheduled;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The challenges of passkey ceremonies under way, in {@code passkey_challenges} and {@code passkey_login_challenges}.
 * A login challenge for a passkey alone is counted and kept holding the lock of the stripe its client hashes to
 * ({@code passkey_login_challenge_stripes}): one client's requests, on any instance, are counted one after another.
 */
@Singleton
@TranslatesUnavailability
class JdbcPasskeyChallengeStore implements PasskeyChallengeStore {

    private static final StripeLocks STRIPES = new StripeLocks("passkey_login_challenge_stripes", 64, "V25");

    private final PasskeyChallengeRowRepository rows;
    private final PasskeyLoginChallengeRowRepository loginRows;
    private final ConnectionOperations<Connection> connections;
    private final TransactionalStatements jdbc;
    private final Clock clock;

    JdbcPasskeyChallengeStore(PasskeyChallengeRowRepository rows, PasskeyLoginChallengeRowRepository loginRows,
                              ConnectionOperations<Connection> connections,
                              TransactionOperations<Connection> transactions, Clock clock) {
        this.rows = rows;
        this.connections = connections;
        this.loginRows = loginRows;
        this.jdbc = new TransactionalStatements(transactions);
        this.clock = clock;
    }

    /**
     * An upsert both databases run alike: replace the user's row, else insert one; an insert that lost to a
     * concurrent one finds the row there and replaces it after all.
     */
    @Override
    public void issue(PasskeyChallenge challenge) {
        PasskeyChallengeRow row = PasskeyChallengeRow.of(challenge);
        if (replaced(row)) {
            return;
        }
        UniqueViolation.inserted(connections, connection -> rows.insert(row), () -> replaced(row));
    }

    private boolean replaced(PasskeyChallengeRow row) {
        return rows.replace(row.userId(), row.challenge(), row.userHandle(), row.expiresAt()) == 1;
    }

    /** Found, then deleted by one statement whose count decides which of concurrent takers has it. */
    @Override
    public Optional<PasskeyChallenge> take(UserId userId, ByteString value) {
        return rows.findByUserIdAndChallenge(userId.value(), value.base64Url())
                .filter(found -> rows.deleteByUserIdAndChallenge(userId.value(), value.base64Url()) == 1)
                .map(PasskeyChallengeRow::toChallenge);
    }

    /** Two requests of one ticket at the same moment may both keep theirs: a ticket dies within minutes anyway. */
    @Override
    public Optional<Duration> issueForLogin(PasskeyLoginChallenge challenge, OpenPerAddressLimit limit) {
        return jdbc.write(connection -> {
            Optional<Duration> wait = challenge.ticket().isPresent() ? Optional.empty()
                    : waitOfItsClient(connection, challenge, limit);
            if (wait.isEmpty()) {
                challenge.ticket().ifPresent(ticket -> loginRows.deleteByTicketHash(ticket.hex()));
                loginRows.insert(PasskeyLoginChallengeRow.of(challenge));
            }
            return wait;
        });
    }

    /** Read holding the stripe's lock, after every request of the client that held it before has committed. */
    private Optional<Duration> waitOfItsClient(Connection connection, PasskeyLoginChallenge alone,
                                               OpenPerAddressLimit limit) throws SQLException {
        STRIPES.lock(connection, List.of(alone.client()));
        PasskeyLoginChallengeRowRepository.OpenRows open = loginRows.findOpen(alone.client(), alone.issuedAt());
        return limit.waitBefore(open.count(), Optional.ofNullable(open.firstExpiresAt()), alone.issuedAt());
    }

    /** As {@link #take}: found, then deleted by one statement whose count decides. */
    @Override
    public Optional<PasskeyLoginChallenge> takeForLogin(ByteString value) {
        return loginRows.findByChallenge(value.base64Url())
                .filter(found -> loginRows.deleteByChallenge(found.challenge()) == 1)
                .map(PasskeyLoginChallengeRow::toChallenge);
    }

    @Override
    public int forgetLoginChallengesExpiredBy(Instant cutoff) {
        return loginRows.deleteByExpiresAtLessThanEquals(cutoff);
    }

    /** Anyone may ask for a login challenge, and most are never answered: what expired is refused anyway. */
    @Scheduled(initialDelay = "1m", fixedDelay = "1m")
    void forgetExpiredLoginChallenges() {
        forgetLoginChallengesExpiredBy(clock.instant());
    }
}
