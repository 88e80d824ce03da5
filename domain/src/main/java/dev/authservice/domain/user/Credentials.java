package dev.authservice.domain.user;

import java.util.Objects;

/** What a user presents to log in. Both parts are validated by their own types. */
public record Credentials(Username username, Password password) {

    public Credentials {
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(password, "password");
    }

    public static Credentials of(String username, String password) {
        return new Credentials(new Username(username), new Password(password));
    }
}
