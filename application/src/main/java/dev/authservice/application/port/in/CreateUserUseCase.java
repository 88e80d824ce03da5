package dev.authservice.application.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.Username;
import java.util.Objects;
import java.util.Set;

/** An administrator adds a user account. */
public interface CreateUserUseCase {

    /** @param requester the administrator, or the service itself at start-up, for the audit trail */
    Result createUser(Command command, Requester requester);

    record Command(Username username, Password password, Set<Role> roles, String nickname, String department) {
        public Command {
            Objects.requireNonNull(username, "username");
            Objects.requireNonNull(password, "password");
            roles = Set.copyOf(roles);
            Objects.requireNonNull(nickname, "nickname");
            Objects.requireNonNull(department, "department");
        }
    }

    sealed interface Result {
        record Created(UserSummary user) implements Result {
        }

        record UsernameTaken() implements Result {
        }

        /** @param reason says what the password lacks, for the person choosing it */
        record WeakPassword(String reason) implements Result {
        }
    }
}
