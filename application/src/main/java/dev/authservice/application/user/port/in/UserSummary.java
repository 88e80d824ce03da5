package dev.authservice.application.user.port.in;

import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/** A user as an administrator sees them; a list of users leaves their email addresses out. */
public record UserSummary(UserId userId, Username username, Set<Role> roles, Instant createdAt,
                          Optional<AccountEmail> email) {

    public static UserSummary of(UserAccount user) {
        return new UserSummary(user.id(), user.username(), user.roles(), user.createdAt(), user.email());
    }
}
