package dev.authservice.domain.login;

import dev.authservice.domain.user.Username;
import java.time.Instant;
import java.util.Objects;

/** A login attempt the throttle counted for a client address: for which username, and when it started. */
public record CountedAttempt(Username username, Instant at) {

    public CountedAttempt {
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(at, "at");
    }
}
