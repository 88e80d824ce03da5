package dev.authservice.adapter.out.persistence;

import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * The columns of {@code users} as a {@link UserAccount}: shared by the user store, which owns the table, and the
 * session store, which reads a refresh token's owner in the same statement as the token.
 */
public final class UserColumns {

    /** The columns {@link #read} reads, in its order, of {@code users} named {@code u}. */
    public static final String OF_U =
            "u.id, u.username, u.password_hash, u.roles, u.nickname, u.department, u.created_at, u.enabled, u.email,"
                    + " u.email_verified";

    /** Never part of a role name (see {@link Role}). */
    public static final String ROLE_SEPARATOR = ",";

    private UserColumns() {
    }

    /** The {@code roles} column: the names, sorted, a comma between two. */
    public static String roles(Set<Role> roles) {
        return roles.stream().map(Role::name).sorted().collect(Collectors.joining(ROLE_SEPARATOR));
    }

    /** @param email the {@code email} column, {@code NULL} for none */
    public static UserAccount account(UUID id, String username, String passwordHash, String roles, String nickname,
                                      String department, Instant createdAt, boolean enabled, String email,
                                      boolean emailVerified) {
        return account(id, username, passwordHash, roles, nickname, department, createdAt, enabled, email,
                emailVerified, null);
    }

    /** @param pendingSince the {@code pending_since} column, {@code NULL} for an account not pending */
    public static UserAccount account(UUID id, String username, String passwordHash, String roles, String nickname,
                                      String department, Instant createdAt, boolean enabled, String email,
                                      boolean emailVerified, Instant pendingSince) {
        return new UserAccount(new UserId(id), new Username(username), new PasswordHash(passwordHash),
                Arrays.stream(roles.split(ROLE_SEPARATOR)).filter(name -> !name.isEmpty()).map(Role::new)
                        .collect(Collectors.toSet()),
                nickname, department, createdAt, enabled,
                Optional.ofNullable(email).map(address -> new AccountEmail(new EmailAddress(address), emailVerified)),
                Optional.ofNullable(pendingSince));
    }

    /**
     * The account in {@code row}'s columns {@code first} on, selected as {@link #OF_U}: a session's owner, never
     * pending (a pending account has no session).
     */
    public static UserAccount read(ResultSet row, int first) throws SQLException {
        return account(row.getObject(first, UUID.class), row.getString(first + 1), row.getString(first + 2),
                row.getString(first + 3), row.getString(first + 4), row.getString(first + 5),
                row.getObject(first + 6, OffsetDateTime.class).toInstant(), row.getBoolean(first + 7),
                row.getString(first + 8), row.getBoolean(first + 9));
    }
}
