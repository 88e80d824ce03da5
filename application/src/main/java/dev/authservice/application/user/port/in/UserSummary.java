package dev.authservice.application.user.port.in;

import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Instant;
import java.util.Set;

/** A user as an administrator's list shows it. */
public record UserSummary(UserId userId, Username username, Set<Role> roles, Instant createdAt) {

    public static UserSummary of(UserAccount user) {
        return new UserSummary(user.id(), user.username(), user.roles(), user.createdAt());
    }
}
