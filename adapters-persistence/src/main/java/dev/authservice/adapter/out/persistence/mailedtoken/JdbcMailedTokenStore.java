package dev.authservice.adapter.out.persistence.mailedtoken;

import static dev.authservice.adapter.out.persistence.TransactionalStatements.at;
import static dev.authservice.adapter.out.persistence.TransactionalStatements.instant;
import static dev.authservice.adapter.out.persistence.TransactionalStatements.update;

import dev.authservice.adapter.out.persistence.TransactionalStatements;
import dev.authservice.adapter.out.persistence.TranslatesUnavailability;
import dev.authservice.application.mailedtoken.port.out.MailedTokenStore;
import dev.authservice.domain.mailedtoken.MailedToken;
import dev.authservice.domain.mailedtoken.MailedTokenHash;
import dev.authservice.domain.mailedtoken.TokenFingerprint;
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
 * The mailed tokens in {@code mailed_tokens}. An issue locks its user's row first, so that two issues for one user
 * take turns and the second supersedes the first of the same purpose: one token per purpose stays live. A use is one UPDATE conditional on the
 * token being live: of two at once the second waits for the first's row lock, then finds it used and writes nothing.
 */
@Singleton
@TranslatesUnavailability
class JdbcMailedTokenStore implements MailedTokenStore {

    private final TransactionalStatements jdbc;

    JdbcMailedTokenStore(TransactionOperations<Connection> transactions) {
        this.jdbc = new TransactionalStatements(transactions);
    }

    @Override
    public void issue(MailedToken token) {
        jdbc.write(connection -> {
            try (PreparedStatement lock = connection.prepareStatement("SELECT id FROM users WHERE id = ? FOR UPDATE")) {
                lock.setObject(1, token.userId().value());
                lock.executeQuery().close();
            }
            update(connection, "UPDATE mailed_tokens SET state = ? WHERE user_id = ? AND purpose = ? AND state = ?",
                    statement -> {
                        statement.setString(1, MailedToken.State.SUPERSEDED.name());
                        statement.setObject(2, token.userId().value());
                        statement.setString(3, token.purpose().name());
                        statement.setString(4, MailedToken.State.LIVE.name());
                    });
            return update(connection, "INSERT INTO mailed_tokens (token_hash, purpose, user_id, fingerprint,"
                    + " issued_at, expires_at, state) VALUES (?, ?, ?, ?, ?, ?, ?)", statement -> {
                        statement.setString(1, token.hash().hex());
                        statement.setString(2, token.purpose().name());
                        statement.setObject(3, token.userId().value());
                        statement.setString(4, token.issuedUnder().hex());
                        statement.setObject(5, at(token.issuedAt()));
                        statement.setObject(6, at(token.expiresAt()));
                        statement.setString(7, token.state().name());
                    });
        });
    }

    @Override
    public Optional<MailedToken> find(MailedTokenHash hash, MailedToken.Purpose purpose) {
        return jdbc.read(connection -> {
            try (PreparedStatement statement = connection.prepareStatement(
                    "SELECT * FROM mailed_tokens WHERE token_hash = ? AND purpose = ?")) {
                statement.setString(1, hash.hex());
                statement.setString(2, purpose.name());
                try (ResultSet row = statement.executeQuery()) {
                    if (!row.next()) {
                        return Optional.empty();
                    }
                    return Optional.of(new MailedToken(new MailedTokenHash(row.getString("token_hash")),
                            MailedToken.Purpose.valueOf(row.getString("purpose")),
                            new UserId(row.getObject("user_id", UUID.class)),
                            new TokenFingerprint(row.getString("fingerprint")),
                            instant(row, "issued_at"), instant(row, "expires_at"),
                            MailedToken.State.valueOf(row.getString("state"))));
                }
            }
        });
    }

    @Override
    public boolean use(MailedToken used) {
        return jdbc.write(connection -> update(connection,
                "UPDATE mailed_tokens SET state = ? WHERE token_hash = ? AND state = ?", statement -> {
                    statement.setString(1, used.state().name());
                    statement.setString(2, used.hash().hex());
                    statement.setString(3, MailedToken.State.LIVE.name());
                })) == 1;
    }

    @Override
    public int forgetExpiredBy(Instant cutoff, int limit) {
        return jdbc.write(connection -> update(connection, "DELETE FROM mailed_tokens WHERE token_hash IN"
                + " (SELECT token_hash FROM mailed_tokens WHERE expires_at <= ? LIMIT ?)", statement -> {
                    statement.setObject(1, at(cutoff));
                    statement.setInt(2, limit);
                }));
    }
}
