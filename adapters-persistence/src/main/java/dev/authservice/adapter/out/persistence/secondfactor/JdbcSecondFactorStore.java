package dev.authservice.adapter.out.persistence.secondfactor;

import static dev.authservice.adapter.out.persistence.TransactionalStatements.at;
import static dev.authservice.adapter.out.persistence.TransactionalStatements.instant;
import static dev.authservice.adapter.out.persistence.TransactionalStatements.update;

import dev.authservice.adapter.out.persistence.TransactionalStatements;
import dev.authservice.adapter.out.persistence.TranslatesUnavailability;
import dev.authservice.adapter.out.persistence.UniqueViolation;
import dev.authservice.application.secondfactor.port.out.SecondFactorStore;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.SealedSecret;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.secondfactor.WrongCodes;
import dev.authservice.domain.user.UserId;
import io.micronaut.data.connection.ConnectionOperations;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * TOTPs in {@code totp_factors} and recovery codes in {@code recovery_codes}. Every change is one conditional
 * statement (or, for a confirmation and a removal, one transaction) whose count says whether it happened: the
 * database decides between concurrent writers, and this class decides nothing.
 */
@Singleton
@TranslatesUnavailability
class JdbcSecondFactorStore implements SecondFactorStore {

    /** A lost race to insert leaves a row, so the next try updates it; only a removal in between needs a third. */
    private static final int TRIES = 3;

    private final TransactionalStatements jdbc;
    private final ConnectionOperations<Connection> connections;

    JdbcSecondFactorStore(TransactionOperations<Connection> transactions,
                          ConnectionOperations<Connection> connections) {
        this.jdbc = new TransactionalStatements(transactions);
        this.connections = connections;
    }

    @Override
    public boolean enrol(TotpFactor.Pending pending) {
        for (int tries = 0; tries < TRIES; tries++) {
            if (jdbc.write(connection -> update(connection, "UPDATE totp_factors SET key_id = ?,"
                    + " sealed_secret = ?, enrolled_at = ? WHERE user_id = ? AND confirmed_at IS NULL",
                    statement -> {
                        bindSecret(statement, 1, pending.secret());
                        statement.setObject(3, at(pending.enrolledAt()));
                        statement.setObject(4, pending.userId().value());
                    })) == 1) {
                return true;
            }
            if (UniqueViolation.inserted(connections, connection -> update(connection,
                    "INSERT INTO totp_factors (user_id, key_id, sealed_secret, enrolled_at) VALUES (?, ?, ?, ?)",
                    statement -> {
                        statement.setObject(1, pending.userId().value());
                        bindSecret(statement, 2, pending.secret());
                        statement.setObject(4, at(pending.enrolledAt()));
                    }), () -> true)) {
                return true;
            }
            if (totpOf(pending.userId()).filter(TotpFactor.Confirmed.class::isInstance).isPresent()) {
                return false;
            }
        }
        throw new IllegalStateException("an enrolment lost " + TRIES + " races in a row");
    }

    @Override
    public Optional<TotpFactor> totpOf(UserId userId) {
        return jdbc.read(connection -> {
            try (PreparedStatement statement = connection.prepareStatement(
                    "SELECT * FROM totp_factors WHERE user_id = ?")) {
                statement.setObject(1, userId.value());
                try (ResultSet row = statement.executeQuery()) {
                    return row.next() ? Optional.of(totpFactor(row)) : Optional.empty();
                }
            }
        });
    }

    @Override
    public boolean confirm(TotpFactor.Pending expected, TotpFactor.Confirmed confirmed,
                           List<RecoveryCode.Hash> recoveryCodes) {
        return jdbc.write(connection -> {
            if (update(connection, "UPDATE totp_factors SET confirmed_at = ?, last_step = ? WHERE user_id = ?"
                    + " AND confirmed_at IS NULL AND key_id = ? AND sealed_secret = ?", statement -> {
                        statement.setObject(1, at(confirmed.confirmedAt()));
                        statement.setLong(2, confirmed.lastAcceptedStep());
                        statement.setObject(3, expected.userId().value());
                        bindSecret(statement, 4, expected.secret());
                    }) != 1) {
                return false;
            }
            replaceRecoveryCodes(connection, expected.userId(), recoveryCodes);
            return true;
        });
    }

    private static void replaceRecoveryCodes(Connection connection, UserId userId, List<RecoveryCode.Hash> codes)
            throws SQLException {
        update(connection, "DELETE FROM recovery_codes WHERE user_id = ?",
                statement -> statement.setObject(1, userId.value()));
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)")) {
            for (RecoveryCode.Hash code : codes) {
                insert.setObject(1, userId.value());
                insert.setString(2, code.hex());
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    /** The whole state compared, so that a count or an acceptance written meanwhile makes this one fail. */
    @Override
    public boolean replace(TotpFactor.Confirmed expected, TotpFactor.Confirmed next) {
        return jdbc.write(connection -> update(connection, "UPDATE totp_factors SET last_step = ?, wrong_codes = ?,"
                + " wrong_codes_in_a_row = ?, last_wrong_code_at = ? WHERE user_id = ? AND confirmed_at IS NOT NULL"
                + " AND key_id = ? AND sealed_secret = ? AND last_step = ? AND wrong_codes = ?"
                + " AND wrong_codes_in_a_row = ? AND " + (expected.wrongCodes().lastAt().isPresent()
                        ? "last_wrong_code_at = ?" : "last_wrong_code_at IS NULL"), statement -> {
                    statement.setLong(1, next.lastAcceptedStep());
                    bindWrongCodes(statement, 2, next.wrongCodes());
                    statement.setObject(5, expected.userId().value());
                    bindSecret(statement, 6, expected.secret());
                    statement.setLong(8, expected.lastAcceptedStep());
                    statement.setInt(9, expected.wrongCodes().total());
                    statement.setInt(10, expected.wrongCodes().inARow());
                    if (expected.wrongCodes().lastAt().isPresent()) {
                        statement.setObject(11, at(expected.wrongCodes().lastAt().get()));
                    }
                })) == 1;
    }

    @Override
    public boolean renewRecoveryCodes(TotpFactor.Confirmed held, List<RecoveryCode.Hash> recoveryCodes) {
        return jdbc.write(connection -> {
            // Locks the factor's row, so that a removal or a new enrolment waits for the codes, or they for it.
            if (update(connection, "UPDATE totp_factors SET user_id = user_id WHERE user_id = ?"
                    + " AND confirmed_at IS NOT NULL AND key_id = ? AND sealed_secret = ?", statement -> {
                        statement.setObject(1, held.userId().value());
                        bindSecret(statement, 2, held.secret());
                    }) != 1) {
                return false;
            }
            replaceRecoveryCodes(connection, held.userId(), recoveryCodes);
            return true;
        });
    }

    @Override
    public boolean hasRecoveryCode(UserId userId, RecoveryCode.Hash code) {
        return jdbc.read(connection -> {
            try (PreparedStatement statement = connection.prepareStatement(
                    "SELECT 1 FROM recovery_codes WHERE user_id = ? AND code_hash = ?")) {
                statement.setObject(1, userId.value());
                statement.setString(2, code.hex());
                try (ResultSet row = statement.executeQuery()) {
                    return row.next();
                }
            }
        });
    }

    @Override
    public boolean useRecoveryCode(UserId userId, RecoveryCode.Hash code) {
        return jdbc.write(connection -> update(connection,
                "DELETE FROM recovery_codes WHERE user_id = ? AND code_hash = ?", statement -> {
                    statement.setObject(1, userId.value());
                    statement.setString(2, code.hex());
                })) == 1;
    }

    @Override
    public int recoveryCodesLeft(UserId userId) {
        return jdbc.read(connection -> {
            try (PreparedStatement statement = connection.prepareStatement(
                    "SELECT COUNT(*) FROM recovery_codes WHERE user_id = ?")) {
                statement.setObject(1, userId.value());
                try (ResultSet row = statement.executeQuery()) {
                    row.next();
                    return row.getInt(1);
                }
            }
        });
    }

    @Override
    public boolean remove(UserId userId) {
        return jdbc.write(connection -> {
            update(connection, "DELETE FROM recovery_codes WHERE user_id = ?",
                    statement -> statement.setObject(1, userId.value()));
            return update(connection, "DELETE FROM totp_factors WHERE user_id = ?",
                    statement -> statement.setObject(1, userId.value())) == 1;
        });
    }

    private static void bindSecret(PreparedStatement statement, int index, SealedSecret secret) throws SQLException {
        statement.setString(index, secret.keyId());
        statement.setString(index + 1, Base64.getEncoder().encodeToString(secret.ciphertext()));
    }

    private static void bindWrongCodes(PreparedStatement statement, int index, WrongCodes wrongCodes)
            throws SQLException {
        statement.setInt(index, wrongCodes.total());
        statement.setInt(index + 1, wrongCodes.inARow());
        statement.setObject(index + 2, at(wrongCodes.lastAt().orElse(null)));
    }

    private static TotpFactor totpFactor(ResultSet row) throws SQLException {
        UserId userId = new UserId(row.getObject("user_id", UUID.class));
        SealedSecret secret = new SealedSecret(row.getString("key_id"),
                Base64.getDecoder().decode(row.getString("sealed_secret")));
        if (row.getObject("confirmed_at") == null) {
            return new TotpFactor.Pending(userId, secret, instant(row, "enrolled_at"));
        }
        return new TotpFactor.Confirmed(userId, secret, instant(row, "enrolled_at"),
                instant(row, "confirmed_at"), row.getLong("last_step"), new WrongCodes(row.getInt("wrong_codes"),
                        row.getInt("wrong_codes_in_a_row"), Optional.ofNullable(instant(row, "last_wrong_code_at"))));
    }
}
