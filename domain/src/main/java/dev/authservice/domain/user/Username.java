package dev.authservice.domain.user;

import dev.authservice.domain.Require;

/**
 * The name a user logs in with, always in its {@link UsernameCaseMapped} form: {@code new Username("Alice")} is
 * {@code alice}, so stores keep and compare names the way a person reads them.
 */
public record Username(String value) {

    public static final int MAX_LENGTH = 64;

    public Username {
        // Checked again once enforced: lower case can be longer (İ becomes i and a combining dot above).
        value = Require.text("username", UsernameCaseMapped.enforce(Require.text("username", value, MAX_LENGTH)),
                MAX_LENGTH);
    }

    @Override
    public String toString() {
        return value;
    }
}
