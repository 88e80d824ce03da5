package dev.authservice.adapter.out.persistence.user;

import dev.authservice.adapter.out.persistence.Paging;
import dev.authservice.adapter.out.persistence.TransactionalStatements;
import dev.authservice.adapter.out.persistence.TranslatesUnavailability;
import dev.authservice.adapter.out.persistence.UniqueViolation;
import dev.authservice.adapter.out.persistence.UserColumns;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.application.user.port.out.UsernameSkeletons;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import io.micronaut.data.connection.ConnectionOperations;
import io.micronaut.data.exceptions.DataAccessException;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@Singleton
@TranslatesUnavailability
class JdbcUserStore implements UserStore {

    private final UserRowRepository rows;
    private final UsernameSkeletons skeletons;
    private final TransactionalStatements jdbc;
    private final ConnectionOperations<Connection> connections;

    /**
     * Every table whose rows reference an account, in the order a removal deletes them: each after those that
     * reference it (SignUpCleanUpTest holds the list to the schema).
     */
    static final List<UserReference> REFERENCING_USERS = List.of(new UserReference("refresh_tokens", "user_id"),
            new UserReference("sessions", "user_id"), new UserReference("orders", "user_id"),
            new UserReference("recovery_codes", "user_id"), new UserReference("totp_factors", "user_id"),
            new UserReference("pending_logins", "user_id"), new UserReference("passkeys", "user_id"),
            new UserReference("passkey_challenges", "user_id"), new UserReference("mailed_tokens", "user_id"),
            new UserReference("identity_links", "user_id"),
            new UserReference("pending_authorizations", "linking_user_id"));

    /** A table whose {@code column} names a user, in its foreign key to {@code users}. */
    record UserReference(String table, String column) {
    }

    JdbcUserStore(UserRowRepository rows, UsernameSkeletons skeletons,
                  TransactionOperations<Connection> transactions, ConnectionOperations<Connection> connections) {
        this.jdbc = new TransactionalStatements(transactions);
        this.connections = connections;
        this.rows = rows;
        this.skeletons = skeletons;
    }

    @Override
    public Optional<UserAccount> findByUsername(Username username) {
        return rows.findByUsername(username.value()).map(UserRow::toUserAccount);
    }

    @Override
    public Optional<UserAccount> findById(UserId id) {
        return rows.findById(id.value()).map(UserRow::toUserAccount);
    }

    @Override
    public Optional<UserAccount> findByEmail(EmailAddress address) {
        return rows.findByEmailKey(address.comparisonKey()).map(UserRow::toUserAccount);
    }

    @Override
    public Page<UserAccount> findAll(Sort<UserAccount.SortKey> sort, PageRequest page) {
        return Paging.page(rows.findAll(Paging.pageable(page, property(sort.key()), sort.direction())), page,
                UserRow::toUserAccount);
    }

    /** The property of {@link UserRow} that holds {@code key}. */
    private static String property(UserAccount.SortKey key) {
        return switch (key) {
            case USERNAME -> "username";
            case CREATED_AT -> "createdAt";
        };
    }

    /** The unique constraints on {@code username}, {@code username_skeleton} and {@code email_key} decide. */
    @Override
    public boolean add(UserAccount user) {
        String skeleton = skeletons.skeletonOf(user.username());
        return UniqueViolation.inserted(connections, connection -> rows.insert(UserRow.of(user, skeleton)),
                () -> rows.findByUsername(user.username().value()).isPresent()
                        || rows.existsByUsernameSkeleton(skeleton)
                        || user.email().flatMap(email -> findByEmail(email.address())).isPresent());
    }

    /** The unique constraint on {@code email_key} decides; not to be called inside a transaction. */
    @Override
    public EmailChange setEmail(UserId id, Optional<AccountEmail> email) {
        try {
            return rows.updateEmail(id.value(), email.map(e -> e.address().value()).orElse(null),
                    email.map(e -> e.address().comparisonKey()).orElse(null),
                    email.map(AccountEmail::verified).orElse(false)) == 1
                    ? EmailChange.CHANGED : EmailChange.NO_SUCH_USER;
        } catch (DataAccessException e) {
            if (UniqueViolation.isCauseOf(e)) {
                return EmailChange.TAKEN;
            }
            throw e;
        }
    }

    @Override
    public boolean markEmailVerified(UserId id, EmailAddress address) {
        return rows.markEmailVerified(id.value(), address.comparisonKey()) == 1;
    }

    /** The rows of every table that references {@code users}, then the accounts: in one transaction. */
    @Override
    public int removePendingSince(Instant cutoff, int limit) {
        return jdbc.write(connection -> {
            List<UUID> ids = new ArrayList<>();
            try (PreparedStatement select = connection.prepareStatement("SELECT id FROM users"
                    + " WHERE pending_since <= ? ORDER BY pending_since LIMIT ? FOR UPDATE")) {
                select.setObject(1, TransactionalStatements.at(cutoff));
                select.setInt(2, limit);
                try (ResultSet rows = select.executeQuery()) {
                    while (rows.next()) {
                        ids.add(rows.getObject(1, UUID.class));
                    }
                }
            }
            for (UUID id : ids) {
                removeWithReferences(connection, id);
            }
            return ids.size();
        });
    }

    @Override
    public boolean remove(UserId id) {
        return jdbc.write(connection -> removeWithReferences(connection, id.value()));
    }

    private static boolean removeWithReferences(Connection connection, UUID id) throws SQLException {
        for (UserReference reference : REFERENCING_USERS) {
            TransactionalStatements.update(connection, "DELETE FROM " + reference.table() + " WHERE "
                    + reference.column() + " = ?", statement -> statement.setObject(1, id));
        }
        return TransactionalStatements.update(connection, "DELETE FROM users WHERE id = ?",
                statement -> statement.setObject(1, id)) == 1;
    }

    @Override
    public boolean replacePasswordHash(UserId id, PasswordHash expected, PasswordHash replacement) {
        return rows.replacePasswordHash(id.value(), expected.encoded(), replacement.encoded()) == 1;
    }

    @Override
    public boolean setEnabled(UserId id, boolean enabled) {
        return rows.updateEnabled(id.value(), enabled) == 1;
    }

    /** Reads every row (no index can serve it); asked when an administrator is provisioned, not per request. */
    @Override
    public boolean anyEnabledUserHasRole(Role role) {
        return rows.countEnabledWithRole(UserColumns.ROLE_SEPARATOR + role.name() + UserColumns.ROLE_SEPARATOR) > 0;
    }
}
