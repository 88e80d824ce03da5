package dev.authservice.adapter.out.persistence.user;

import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.UUID;
import java.util.stream.Collectors;

/** A row of {@code users}; public for the refresh token store, which reads a token's owner with the token. */
@MappedEntity(value = "users", escape = false)
public record UserRow(
        @Id UUID id,
        String username,
        String passwordHash,
        String roles,
        String nickname,
        String department,
        Instant createdAt,
        boolean enabled) {

    /** Never part of a role name (see {@link Role}). */
    static final String ROLE_SEPARATOR = ",";

    static UserRow of(UserAccount user) {
        String roles = user.roles().stream().map(Role::name).sorted().collect(Collectors.joining(ROLE_SEPARATOR));
        return new UserRow(user.id().value(), user.username().value(), user.passwordHash().encoded(), roles,
                user.nickname(), user.department(), user.createdAt(), user.enabled());
    }

    /** The row from {@code row}'s columns {@code first} on, in the order of this record's components. */
    public static UserRow read(ResultSet row, int first) throws SQLException {
        return new UserRow(row.getObject(first, UUID.class), row.getString(first + 1), row.getString(first + 2),
                row.getString(first + 3), row.getString(first + 4), row.getString(first + 5),
                row.getObject(first + 6, OffsetDateTime.class).toInstant(), row.getBoolean(first + 7));
    }

    public UserAccount toUserAccount() {
        return new UserAccount(new UserId(id), new Username(username), new PasswordHash(passwordHash),
                Arrays.stream(roles.split(ROLE_SEPARATOR)).filter(name -> !name.isEmpty()).map(Role::new)
                        .collect(Collectors.toSet()),
                nickname, department, createdAt, enabled);
    }
}
