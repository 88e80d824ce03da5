package dev.authservice.domain.passkey;

import dev.authservice.domain.Require;
import java.time.Instant;

/**
 * What the owner calls a passkey in their list ("Work laptop"), or a default given at registration. Free text, emoji
 * and their joiners included, but without the bidi controls a username may not hold either: one would turn the list
 * around the name.
 */
public record PasskeyName(String value) {

    public static final int MAX_LENGTH = 64;

    public PasskeyName {
        Require.withoutBidiControls("name", Require.text("name", value, MAX_LENGTH));
    }

    /** The name of a passkey registered without one: the day it was registered, so that two can be told apart. */
    public static PasskeyName byDefault(Instant registeredAt) {
        return new PasskeyName("Passkey of " + registeredAt.toString().substring(0, 10));
    }

    @Override
    public String toString() {
        return value;
    }
}
