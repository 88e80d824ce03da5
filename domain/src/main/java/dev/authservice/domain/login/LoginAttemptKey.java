package dev.authservice.domain.login;

import dev.authservice.domain.user.Username;
import java.util.Objects;

/**
 * Failed logins are counted per username and client address, so that an attacker guessing one account from one
 * address is slowed down without locking the account's owner out from everywhere else.
 */
public record LoginAttemptKey(Username username, String clientAddress) {

    public LoginAttemptKey {
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(clientAddress, "clientAddress");
    }
}
