package dev.authservice.domain.login;

import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.user.Username;
import java.util.Objects;

/**
 * Failed logins are counted per username and client, so that an attacker guessing one account from one place is
 * slowed down without locking the account's owner out from everywhere else; and per client across usernames
 * ({@link LoginThrottlePolicy#maxFailuresPerAddress()}), so that one place cannot spray a password over every account.
 *
 * @param client the client as {@link ClientAddress#network()} counts it
 */
public record LoginAttemptKey(Username username, String client) {

    public LoginAttemptKey {
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(client, "client");
    }

    public static LoginAttemptKey of(Username username, ClientAddress clientAddress) {
        return new LoginAttemptKey(username, clientAddress.network());
    }
}
