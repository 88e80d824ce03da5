package dev.authservice.application.user.service;

import dev.authservice.application.user.port.out.UsernameSecurityProfile;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordPolicy;
import dev.authservice.domain.user.Username;
import java.util.Objects;
import java.util.Optional;

/**
 * What a new account's name and password must meet, wherever an account is made (by an administrator, by sign-up):
 * a username the security profile lets through, then a password the policy accepts with that username. Neither
 * reads the store: the answer says nothing of who exists.
 */
public final class NewAccountChecks {

    private final UsernameSecurityProfile newUsernames;
    private final PasswordPolicy passwords;

    public NewAccountChecks(UsernameSecurityProfile newUsernames, PasswordPolicy passwords) {
        this.newUsernames = Objects.requireNonNull(newUsernames);
        this.passwords = Objects.requireNonNull(passwords);
    }

    /** The first problem, or none. */
    public Optional<Problem> problemWith(Username username, Password password) {
        Optional<String> restriction = newUsernames.problemWith(username);
        if (restriction.isPresent()) {
            return Optional.of(new Problem(Problem.Kind.RESTRICTED_USERNAME, restriction.get()));
        }
        return passwords.problemWith(password, username).map(reason -> new Problem(Problem.Kind.WEAK_PASSWORD, reason));
    }

    /** @param reason says what the name or the password lacks */
    public record Problem(Kind kind, String reason) {

        public enum Kind { RESTRICTED_USERNAME, WEAK_PASSWORD }

        public Problem {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(reason, "reason");
        }
    }
}
