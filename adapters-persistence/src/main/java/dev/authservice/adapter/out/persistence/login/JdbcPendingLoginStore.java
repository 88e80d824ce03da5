package dev.authservice.adapter.out.persistence.login;

import static dev.authservice.adapter.out.persistence.TransactionalStatements.at;
import static dev.authservice.adapter.out.persistence.TransactionalStatements.instant;
import static dev.authservice.adapter.out.persistence.TransactionalStatements.update;

import dev.authservice.adapter.out.persistence.TransactionalStatements;
import dev.authservice.adapter.out.persistence.TranslatesUnavailability;
import dev.authservice.application.login.port.out.PendingLoginStore;
import dev.authservice.domain.login.FirstFactor;
import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.login.PendingLogin;
import dev.authservice.domain.secondfactor.SecondFactorMethod;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserId;
import io.micronaut.scheduling.annotation.Scheduled;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Pending logins in {@code pending_logins}. A replacement is one UPDATE conditional on the state and count of wrong
 * codes that were read: the database lets one of two concurrent ones through, so one completion per ticket, and no
 * wrong code uncounted.
 */
@Singleton
@TranslatesUnavailability
class JdbcPendingLoginStore implements PendingLoginStore {

    private static final String OPEN = "OPEN";
    private static final String COMPLETED = "COMPLETED";
    private static final String EXHAUSTED = "EXHAUSTED";

    private final TransactionalStatements jdbc;
    private final Clock clock;

    JdbcPendingLoginStore(TransactionOperations<Connection> transactions, Clock clock) {
        this.jdbc = new TransactionalStatements(transactions);
        this.clock = clock;
    }

    @Override
    public void add(PendingLogin.Open login) {
        jdbc.write(connection -> update(connection, "INSERT INTO pending_logins (ticket_hash, user_id,"
                + " password_hash, created_at, expires_at, wrong_codes, state, first_factor)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                statement -> {
                    statement.setString(1, login.ticket().hex());
                    statement.setObject(2, login.userId().value());
                    statement.setString(3, login.checked().encoded());
                    statement.setObject(4, at(login.createdAt()));
                    statement.setObject(5, at(login.expiresAt()));
                    statement.setInt(6, login.wrongCodes());
                    statement.setString(7, OPEN);
                    statement.setString(8, login.firstFactor().name());
                }));
    }

    @Override
    public Optional<PendingLogin> find(LoginTicketHash ticket) {
        return jdbc.read(connection -> {
            try (PreparedStatement statement = connection.prepareStatement(
                    "SELECT * FROM pending_logins WHERE ticket_hash = ?")) {
                statement.setString(1, ticket.hex());
                try (ResultSet row = statement.executeQuery()) {
                    return row.next() ? Optional.of(pendingLogin(row)) : Optional.empty();
                }
            }
        });
    }

    @Override
    public boolean replace(PendingLogin.Open expected, PendingLogin next) {
        if (!next.ticket().equals(expected.ticket())) {
            return false;
        }
        return jdbc.write(connection -> update(connection, "UPDATE pending_logins SET wrong_codes = ?,"
                + " state = ?, method = ?, ended_at = ? WHERE ticket_hash = ? AND state = ? AND wrong_codes = ?",
                statement -> {
                    statement.setInt(1, next instanceof PendingLogin.Open open ? open.wrongCodes()
                            : expected.wrongCodes() + (next instanceof PendingLogin.Exhausted ? 1 : 0));
                    statement.setString(2, next instanceof PendingLogin.Open ? OPEN
                            : next instanceof PendingLogin.Completed ? COMPLETED : EXHAUSTED);
                    statement.setString(3, next instanceof PendingLogin.Completed completed
                            ? completed.method().name() : null);
                    statement.setObject(4, at(next instanceof PendingLogin.Completed completed
                            ? completed.completedAt()
                            : next instanceof PendingLogin.Exhausted exhausted ? exhausted.exhaustedAt() : null));
                    statement.setString(5, expected.ticket().hex());
                    statement.setString(6, OPEN);
                    statement.setInt(7, expected.wrongCodes());
                })) == 1;
    }

    @Override
    public int forgetExpiredBy(Instant cutoff) {
        return jdbc.write(connection -> update(connection, "DELETE FROM pending_logins WHERE expires_at <= ?",
                statement -> statement.setObject(1, at(cutoff))));
    }

    /** Past its expiry a ticket is refused whatever it says, so nothing is lost by forgetting it. */
    @Scheduled(initialDelay = "1m", fixedDelay = "1m")
    void forgetExpired() {
        forgetExpiredBy(clock.instant());
    }

    private static PendingLogin pendingLogin(ResultSet row) throws SQLException {
        LoginTicketHash ticket = new LoginTicketHash(row.getString("ticket_hash"));
        UserId userId = new UserId(row.getObject("user_id", UUID.class));
        PasswordHash checked = new PasswordHash(row.getString("password_hash"));
        Instant createdAt = instant(row, "created_at");
        Instant expiresAt = instant(row, "expires_at");
        FirstFactor firstFactor = FirstFactor.valueOf(row.getString("first_factor"));
        return switch (row.getString("state")) {
            case OPEN -> new PendingLogin.Open(ticket, userId, checked, createdAt, expiresAt,
                    row.getInt("wrong_codes"), firstFactor);
            case COMPLETED -> new PendingLogin.Completed(ticket, userId, checked, createdAt, expiresAt,
                    SecondFactorMethod.valueOf(row.getString("method")), instant(row, "ended_at"), firstFactor);
            case EXHAUSTED -> new PendingLogin.Exhausted(ticket, userId, checked, createdAt, expiresAt,
                    instant(row, "ended_at"), firstFactor);
            default -> throw new IllegalStateException("a pending login in state " + row.getString("state"));
        };
    }
}
