package dev.authservice.domain.user;

import dev.authservice.domain.Require;

/** The name a user logs in with. Compared exactly: {@code Alice} and {@code alice} are different users. */
public record Username(String value) {

    public static final int MAX_LENGTH = 64;

    public Username {
        Require.text("username", value, MAX_LENGTH);
    }

    @Override
    public String toString() {
        return value;
    }
}
