package dev.authservice.adapter.out.persistence.federation;

import static dev.authservice.adapter.out.persistence.TransactionalStatements.at;
import static dev.authservice.adapter.out.persistence.TransactionalStatements.instant;
import static dev.authservice.adapter.out.persistence.TransactionalStatements.update;

import dev.authservice.adapter.out.persistence.StripeLocks;
import dev.authservice.adapter.out.persistence.TransactionalStatements;
import dev.authservice.adapter.out.persistence.TranslatesUnavailability;
import dev.authservice.application.federation.port.out.PendingAuthorizationStore;
import dev.authservice.domain.federation.AuthorizationStateHash;
import dev.authservice.domain.federation.BrowserBinding;
import dev.authservice.domain.federation.PendingAuthorization;
import dev.authservice.domain.federation.ProviderName;
import dev.authservice.domain.federation.Purpose;
import dev.authservice.domain.network.OpenPerAddressLimit;
import dev.authservice.domain.user.UserId;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The pending authorizations in {@code pending_authorizations}, by their state's hash. A use is one UPDATE
 * conditional on the row being open: of two callbacks at once the second waits for the first's row lock, then finds
 * it used and writes nothing. The use clears the nonce and the verifier. A start is counted and kept holding the lock
 * of the stripe its client hashes to ({@code pending_authorization_stripes}): one client's starts, on any instance,
 * are counted one after another.
 */
@Singleton
@TranslatesUnavailability
class JdbcPendingAuthorizationStore implements PendingAuthorizationStore {

    private static final StripeLocks STRIPES = new StripeLocks("pending_authorization_stripes", 64, "V24");

    private final TransactionalStatements jdbc;

    JdbcPendingAuthorizationStore(TransactionOperations<Connection> transactions) {
        this.jdbc = new TransactionalStatements(transactions);
    }

    @Override
    public Optional<Duration> add(PendingAuthorization.Open open, OpenPerAddressLimit limit) {
        return jdbc.write(connection -> {
            STRIPES.lock(connection, List.of(open.client()));
            Optional<Duration> wait = heldBy(connection, open.client(), open.createdAt(), limit);
            if (wait.isEmpty()) {
                insert(connection, open);
            }
            return wait;
        });
    }

    /** Read under the stripe's lock, after every start of the client that held it before has committed. */
    private static Optional<Duration> heldBy(Connection connection, String client, Instant now,
                                             OpenPerAddressLimit limit) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT COUNT(*) AS held, MIN(expires_at)"
                + " AS first_expires_at FROM pending_authorizations WHERE client_address = ? AND used_at IS NULL"
                + " AND expires_at > ?")) {
            statement.setString(1, client);
            statement.setObject(2, at(now));
            try (ResultSet row = statement.executeQuery()) {
                row.next();
                return limit.waitBefore(row.getLong("held"),
                        Optional.ofNullable(instant(row, "first_expires_at")), now);
            }
        }
    }

    private static void insert(Connection connection, PendingAuthorization.Open open) throws SQLException {
        update(connection, "INSERT INTO pending_authorizations (state_hash, provider, linking_user_id, nonce,"
                + " code_verifier, browser_binding, client_address, created_at, expires_at)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", statement -> {
                    statement.setString(1, open.state().hex());
                    statement.setString(2, open.provider().value());
                    statement.setObject(3, open.purpose().linkingUser().map(UserId::value).orElse(null));
                    statement.setString(4, open.nonce());
                    statement.setString(5, open.codeVerifier());
                    statement.setString(6, open.browser().hex());
                    statement.setString(7, open.client());
                    statement.setObject(8, at(open.createdAt()));
                    statement.setObject(9, at(open.expiresAt()));
                });
    }

    @Override
    public Optional<PendingAuthorization> find(AuthorizationStateHash state) {
        return jdbc.read(connection -> {
            try (PreparedStatement statement = connection.prepareStatement(
                    "SELECT * FROM pending_authorizations WHERE state_hash = ?")) {
                statement.setString(1, state.hex());
                try (ResultSet row = statement.executeQuery()) {
                    return row.next() ? Optional.of(pending(row)) : Optional.empty();
                }
            }
        });
    }

    @Override
    public boolean use(PendingAuthorization.Open open, PendingAuthorization.Used used) {
        return open.state().equals(used.state()) && jdbc.write(connection -> update(connection,
                "UPDATE pending_authorizations SET used_at = ?, nonce = NULL, code_verifier = NULL,"
                        + " browser_binding = NULL WHERE state_hash = ? AND used_at IS NULL", statement -> {
                    statement.setObject(1, at(used.usedAt()));
                    statement.setString(2, open.state().hex());
                })) == 1;
    }

    @Override
    public int forgetExpiredBy(Instant cutoff, int limit) {
        return jdbc.write(connection -> update(connection, "DELETE FROM pending_authorizations WHERE state_hash IN"
                + " (SELECT state_hash FROM pending_authorizations WHERE expires_at <= ? LIMIT ?)", statement -> {
                    statement.setObject(1, at(cutoff));
                    statement.setInt(2, limit);
                }));
    }

    private static PendingAuthorization pending(ResultSet row) throws SQLException {
        AuthorizationStateHash state = new AuthorizationStateHash(row.getString("state_hash"));
        ProviderName provider = new ProviderName(row.getString("provider"));
        UUID linking = row.getObject("linking_user_id", UUID.class);
        Purpose purpose = linking == null ? new Purpose.SignIn() : new Purpose.Link(new UserId(linking));
        Instant usedAt = instant(row, "used_at");
        if (usedAt != null) {
            return new PendingAuthorization.Used(state, provider, purpose, instant(row, "created_at"),
                    instant(row, "expires_at"), usedAt);
        }
        return new PendingAuthorization.Open(state, provider, purpose, row.getString("nonce"),
                row.getString("code_verifier"), new BrowserBinding(row.getString("browser_binding")),
                row.getString("client_address"), instant(row, "created_at"), instant(row, "expires_at"));
    }
}
