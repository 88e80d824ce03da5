package dev.authservice.application.user.port.in;

import dev.authservice.domain.Require;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.Username;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/** An administrator adds a user account. */
public interface CreateUserUseCase {

    Result createUser(Command command);

    /**
     * Refuses, with {@code InvalidValueException} naming the field, what no account could hold: too many roles, a
     * blank or over-long nickname or department. So a command that exists can become an account.
     *
     * @param email     stored unverified: an administrator's word does not show whose mailbox it is
     * @param requester the administrator, or the service itself at start-up, for the audit trail
     */
    record Command(Username username, Password password, Set<Role> roles, String nickname, String department,
                   Optional<EmailAddress> email, Requester requester) {
        public Command {
            Objects.requireNonNull(username, "username");
            Objects.requireNonNull(password, "password");
            roles = UserAccount.checkedRoles(roles);
            Require.text("nickname", nickname, UserAccount.MAX_PROFILE_TEXT_LENGTH);
            Require.text("department", department, UserAccount.MAX_PROFILE_TEXT_LENGTH);
            Objects.requireNonNull(email, "email");
            Objects.requireNonNull(requester, "requester");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Created, T> created, Function<UsernameTaken, T> usernameTaken,
                    Function<EmailTaken, T> emailTaken, Function<RestrictedUsername, T> restrictedUsername,
                    Function<WeakPassword, T> weakPassword);

        record Created(UserSummary user) implements Result {
            @Override
            public <T> T match(Function<Created, T> created, Function<UsernameTaken, T> usernameTaken,
                               Function<EmailTaken, T> emailTaken, Function<RestrictedUsername, T> restrictedUsername,
                               Function<WeakPassword, T> weakPassword) {
                return created.apply(this);
            }
        }

        record UsernameTaken() implements Result {
            @Override
            public <T> T match(Function<Created, T> created, Function<UsernameTaken, T> usernameTaken,
                               Function<EmailTaken, T> emailTaken, Function<RestrictedUsername, T> restrictedUsername,
                               Function<WeakPassword, T> weakPassword) {
                return usernameTaken.apply(this);
            }
        }

        /** Another user's email address names the same mailbox. */
        record EmailTaken() implements Result {
            @Override
            public <T> T match(Function<Created, T> created, Function<UsernameTaken, T> usernameTaken,
                               Function<EmailTaken, T> emailTaken, Function<RestrictedUsername, T> restrictedUsername,
                               Function<WeakPassword, T> weakPassword) {
                return emailTaken.apply(this);
            }
        }

        /** @param reason says what in the name a new account may not take, for the person choosing it */
        record RestrictedUsername(String reason) implements Result {
            @Override
            public <T> T match(Function<Created, T> created, Function<UsernameTaken, T> usernameTaken,
                               Function<EmailTaken, T> emailTaken, Function<RestrictedUsername, T> restrictedUsername,
                               Function<WeakPassword, T> weakPassword) {
                return restrictedUsername.apply(this);
            }
        }

        /** @param reason says what the password lacks, for the person choosing it */
        record WeakPassword(String reason) implements Result {
            @Override
            public <T> T match(Function<Created, T> created, Function<UsernameTaken, T> usernameTaken,
                               Function<EmailTaken, T> emailTaken, Function<RestrictedUsername, T> restrictedUsername,
                               Function<WeakPassword, T> weakPassword) {
                return weakPassword.apply(this);
            }
        }
    }
}
