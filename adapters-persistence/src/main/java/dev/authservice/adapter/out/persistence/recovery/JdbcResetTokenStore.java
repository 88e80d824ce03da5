package dev.authservice.adapter.out.persistence.recovery;

import static dev.authservice.adapter.out.persistence.TransactionalStatements.at;
import static dev.authservice.adapter.out.persistence.TransactionalStatements.instant;
import static dev.authservice.adapter.out.persistence.TransactionalStatements.update;

import dev.authservice.adapter.out.persistence.TransactionalStatements;
import dev.authservice.adapter.out.persistence.TranslatesUnavailability;
import dev.authservice.application.recovery.port.out.ResetTokenStore;
import dev.authservice.domain.recovery.PasswordFingerprint;
import dev.authservice.domain.recovery.ResetToken;
import dev.authservice.domain.recovery.ResetTokenHash;
import dev.authservice.domain.user.UserId;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * The reset tokens in {@code password_reset_tokens}. An issue locks its user's row first, so that two issues for one
 * user take turns and the second supersedes the first: one token stays live. A use is one UPDATE conditional on the
 * token being live: of two at once the second waits for the first's row lock, then finds it used and writes nothing.
 */
@Singleton
@TranslatesUnavailability
class JdbcResetTokenStore implements ResetTokenStore {

    private final TransactionalStatements jdbc;

    JdbcResetTokenStore(TransactionOperations<Connection> transactions) {
        this.jdbc = new TransactionalStatements(transactions);
    }

    @Override
    public void issue(ResetToken token) {
        jdbc.write(connection -> {
            try (PreparedStatement lock = connection.prepareStatement("SELECT id FROM users WHERE id = ? FOR UPDATE")) {
                lock.setObject(1, token.userId().value());
                lock.executeQuery().close();
            }
            update(connection, "UPDATE password_reset_tokens SET state = ? WHERE user_id = ? AND state = ?",
                    statement -> {
                        statement.setString(1, ResetToken.State.SUPERSEDED.name());
                        statement.setObject(2, token.userId().value());
                        statement.setString(3, ResetToken.State.LIVE.name());
                    });
            return update(connection, "INSERT INTO password_reset_tokens (token_hash, user_id, password_fingerprint,"
                    + " issued_at, expires_at, state) VALUES (?, ?, ?, ?, ?, ?)", statement -> {
                        statement.setString(1, token.hash().hex());
                        statement.setObject(2, token.userId().value());
                        statement.setString(3, token.issuedUnder().hex());
                        statement.setObject(4, at(token.issuedAt()));
                        statement.setObject(5, at(token.expiresAt()));
                        statement.setString(6, token.state().name());
                    });
        });
    }

    @Override
    public Optional<ResetToken> find(ResetTokenHash hash) {
        return jdbc.read(connection -> {
            try (PreparedStatement statement = connection.prepareStatement(
                    "SELECT * FROM password_reset_tokens WHERE token_hash = ?")) {
                statement.setString(1, hash.hex());
                try (ResultSet row = statement.executeQuery()) {
                    if (!row.next()) {
                        return Optional.empty();
                    }
                    return Optional.of(new ResetToken(new ResetTokenHash(row.getString("token_hash")),
                            new UserId(row.getObject("user_id", UUID.class)),
                            new PasswordFingerprint(row.getString("password_fingerprint")),
                            instant(row, "issued_at"), instant(row, "expires_at"),
                            ResetToken.State.valueOf(row.getString("state"))));
                }
            }
        });
    }

    @Override
    public boolean use(ResetToken used) {
        return jdbc.write(connection -> update(connection,
                "UPDATE password_reset_tokens SET state = ? WHERE token_hash = ? AND state = ?", statement -> {
                    statement.setString(1, used.state().name());
                    statement.setString(2, used.hash().hex());
                    statement.setString(3, ResetToken.State.LIVE.name());
                })) == 1;
    }

    @Override
    public int forgetExpiredBy(Instant cutoff, int limit) {
        return jdbc.write(connection -> update(connection, "DELETE FROM password_reset_tokens WHERE token_hash IN"
                + " (SELECT token_hash FROM password_reset_tokens WHERE expires_at <= ? LIMIT ?)", statement -> {
                    statement.setObject(1, at(cutoff));
                    statement.setInt(2, limit);
                }));
    }
}
