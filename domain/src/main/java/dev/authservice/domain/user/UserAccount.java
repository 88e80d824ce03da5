package dev.authservice.domain.user;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.Require;
import java.time.Instant;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Someone who can log in. The nickname and department are the public profile claims the access token carries;
 * the password hash never leaves the service, and the email address is not in any token.
 */
public record UserAccount(
        UserId id,
        Username username,
        PasswordHash passwordHash,
        Set<Role> roles,
        String nickname,
        String department,
        Instant createdAt,
        boolean enabled,
        Optional<AccountEmail> email) {

    /** What a list of users can be sorted by. */
    public enum SortKey { USERNAME, CREATED_AT }

    public static final int MAX_PROFILE_TEXT_LENGTH = 100;

    /** The roles' names together, a comma between two: what every store keeps them in. */
    public static final int MAX_ROLES_LENGTH = 255;

    public UserAccount {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(passwordHash, "passwordHash");
        roles = checkedRoles(roles);
        Require.text("nickname", nickname, MAX_PROFILE_TEXT_LENGTH);
        Require.text("department", department, MAX_PROFILE_TEXT_LENGTH);
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(email, "email");
    }

    /** An account without an email address. */
    public UserAccount(UserId id, Username username, PasswordHash passwordHash, Set<Role> roles, String nickname,
                       String department, Instant createdAt, boolean enabled) {
        this(id, username, passwordHash, roles, nickname, department, createdAt, enabled, Optional.empty());
    }

    /** An unmodifiable copy of {@code roles}, refused if their names and commas exceed {@link #MAX_ROLES_LENGTH}. */
    public static Set<Role> checkedRoles(Collection<Role> roles) {
        Set<Role> copy = Set.copyOf(roles);
        int length = copy.stream().mapToInt(role -> role.name().length() + 1).sum() - 1;
        if (length > MAX_ROLES_LENGTH) {
            throw new InvalidValueException("roles", "roles must be at most " + MAX_ROLES_LENGTH
                    + " characters together, with a comma between two");
        }
        return copy;
    }

    public boolean hasRole(Role role) {
        return roles.contains(role);
    }

    public UserAccount withPasswordHash(PasswordHash newHash) {
        return new UserAccount(id, username, newHash, roles, nickname, department, createdAt, enabled, email);
    }

    public UserAccount withEnabled(boolean nowEnabled) {
        return new UserAccount(id, username, passwordHash, roles, nickname, department, createdAt, nowEnabled, email);
    }

    public UserAccount withEmail(Optional<AccountEmail> newEmail) {
        return new UserAccount(id, username, passwordHash, roles, nickname, department, createdAt, enabled, newEmail);
    }
}
