package dev.authservice.domain.user;

import dev.authservice.domain.Require;

/**
 * A password in clear, as typed. It only ever travels from the request to the password hasher;
 * {@link #toString()} hides it so that it cannot end up in a log line by accident.
 */
public record Password(String value) {

    /** Long enough for any passphrase, short enough that nobody can make the hasher chew on megabytes. */
    public static final int MAX_LENGTH = 1024;

    public Password {
        Require.text("password", value, MAX_LENGTH);
    }

    @Override
    public String toString() {
        return "Password[****]";
    }
}
