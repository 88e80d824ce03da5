package dev.authservice.adapter.out.persistence.user;

import dev.authservice.adapter.out.persistence.UserColumns;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.UserAccount;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code users}; {@code usernameSkeleton} and {@code emailKey} are kept for their unique constraints, never
 * read back.
 */
@MappedEntity(value = "users", escape = false)
record UserRow(
        @Id UUID id,
        String username,
        String usernameSkeleton,
        String passwordHash,
        String roles,
        String nickname,
        String department,
        Instant createdAt,
        boolean enabled,
        @Nullable String email,
        @Nullable String emailKey,
        boolean emailVerified,
        @Nullable Instant pendingSince) {

    static UserRow of(UserAccount user, String usernameSkeleton) {
        return new UserRow(user.id().value(), user.username().value(), usernameSkeleton, user.passwordHash().encoded(),
                UserColumns.roles(user.roles()), user.nickname(), user.department(), user.createdAt(), user.enabled(),
                user.email().map(email -> email.address().value()).orElse(null),
                user.email().map(email -> email.address().comparisonKey()).orElse(null),
                user.email().map(AccountEmail::verified).orElse(false), user.pendingSince().orElse(null));
    }

    UserAccount toUserAccount() {
        return UserColumns.account(id, username, passwordHash, roles, nickname, department, createdAt, enabled, email,
                emailVerified, pendingSince);
    }
}
