package dev.authservice.application.port.in;

import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.util.Set;

/** The part of a user account its owner may see. */
public record UserProfile(UserId userId, Username username, String nickname, String department, Set<Role> roles) {

    public static UserProfile of(UserAccount user) {
        return new UserProfile(user.id(), user.username(), user.nickname(), user.department(), user.roles());
    }
}
