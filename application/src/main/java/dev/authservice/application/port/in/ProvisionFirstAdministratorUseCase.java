package dev.authservice.application.port.in;

import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.Username;

/**
 * How a deployment that seeds nothing gets its first login: when no enabled user holds {@code ADMIN}, creates one with
 * the roles {@code USER} and {@code ADMIN}. Never touches an existing user.
 */
public interface ProvisionFirstAdministratorUseCase {

    Result provision(Username username, Password password);

    sealed interface Result {
        record Created(UserSummary user) implements Result {
        }

        /** Someone holds ADMIN already: nothing to do. */
        record AdministratorExists() implements Result {
        }

        /** The username belongs to a user without ADMIN, who is left alone. */
        record UsernameTaken() implements Result {
        }

        record WeakPassword(String reason) implements Result {
        }
    }
}
