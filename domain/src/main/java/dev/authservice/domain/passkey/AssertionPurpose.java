package dev.authservice.domain.passkey;

/** What a passkey's assertion is for, which decides what it must prove besides the key. */
public enum AssertionPurpose {
    /**
     * The passkey alone logs in, nobody having typed a username: the authenticator must have verified its user (UV),
     * which makes it two factors, and must name the user (the user handle), as a discoverable credential does.
     */
    LOG_IN,
    /** After the right password: the passkey is the thing the user has, and a touch (UP) is enough. */
    SECOND_FACTOR;

    public boolean requiresUserVerification() {
        return this == LOG_IN;
    }

    public boolean requiresUserHandle() {
        return this == LOG_IN;
    }
}
