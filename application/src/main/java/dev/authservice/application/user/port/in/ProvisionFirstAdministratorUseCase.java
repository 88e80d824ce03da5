package dev.authservice.application.user.port.in;

import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.Username;
import java.util.Objects;
import java.util.function.Function;

/**
 * How a deployment that seeds nothing gets its first login: when no enabled user holds {@code ADMIN}, creates one with
 * the roles {@code USER} and {@code ADMIN}. Never touches an existing user.
 */
public interface ProvisionFirstAdministratorUseCase {

    Result provisionFirstAdministrator(Command command);

    record Command(Username username, Password password) {
        public Command {
            Objects.requireNonNull(username, "username");
            Objects.requireNonNull(password, "password");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Created, T> created, Function<AdministratorExists, T> administratorExists,
                    Function<UsernameTaken, T> usernameTaken, Function<RestrictedUsername, T> restrictedUsername,
                    Function<WeakPassword, T> weakPassword);

        record Created(UserSummary user) implements Result {
            @Override
            public <T> T match(Function<Created, T> created, Function<AdministratorExists, T> administratorExists,
                               Function<UsernameTaken, T> usernameTaken,
                               Function<RestrictedUsername, T> restrictedUsername,
                               Function<WeakPassword, T> weakPassword) {
                return created.apply(this);
            }
        }

        /** Someone holds ADMIN already: nothing to do. */
        record AdministratorExists() implements Result {
            @Override
            public <T> T match(Function<Created, T> created, Function<AdministratorExists, T> administratorExists,
                               Function<UsernameTaken, T> usernameTaken,
                               Function<RestrictedUsername, T> restrictedUsername,
                               Function<WeakPassword, T> weakPassword) {
                return administratorExists.apply(this);
            }
        }

        /** The username belongs to a user without ADMIN, who is left alone. */
        record UsernameTaken() implements Result {
            @Override
            public <T> T match(Function<Created, T> created, Function<AdministratorExists, T> administratorExists,
                               Function<UsernameTaken, T> usernameTaken,
                               Function<RestrictedUsername, T> restrictedUsername,
                               Function<WeakPassword, T> weakPassword) {
                return usernameTaken.apply(this);
            }
        }

        /** @param reason says what in the name a new account may not take */
        record RestrictedUsername(String reason) implements Result {
            @Override
            public <T> T match(Function<Created, T> created, Function<AdministratorExists, T> administratorExists,
                               Function<UsernameTaken, T> usernameTaken,
                               Function<RestrictedUsername, T> restrictedUsername,
                               Function<WeakPassword, T> weakPassword) {
                return restrictedUsername.apply(this);
            }
        }

        record WeakPassword(String reason) implements Result {
            @Override
            public <T> T match(Function<Created, T> created, Function<AdministratorExists, T> administratorExists,
                               Function<UsernameTaken, T> usernameTaken,
                               Function<RestrictedUsername, T> restrictedUsername,
                               Function<WeakPassword, T> weakPassword) {
                return weakPassword.apply(this);
            }
        }
    }
}
