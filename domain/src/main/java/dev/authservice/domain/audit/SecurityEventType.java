package dev.authservice.domain.audit;

import dev.authservice.domain.Require;

/** What happened, as the audit trail and the metrics name it. */
public enum SecurityEventType {
    LOGIN_SUCCEEDED,
    /** Wrong password, unknown user or disabled account; the outcome says which, the client is never told. */
    LOGIN_FAILED,
    LOGIN_THROTTLED,
    /**
     * A refresh token was rotated. The hot path: counted, but not kept in the audit trail unless asked for
     * ({@link #isRoutine()}).
     */
    TOKEN_REFRESHED,
    /**
     * A missing, unknown, expired or revoked refresh token, or one whose user is disabled; the outcome says which.
     * Routine too: every signed-out page load of a browser client tries one, and anyone can send them for free.
     */
    REFRESH_REJECTED,
    /** A rotated refresh token was presented again: its session ends. */
    REFRESH_TOKEN_REUSED,
    LOGGED_OUT,
    /** Sessions ended for a reason with no event of its own: signed out from the session list, or by an administrator. */
    SESSION_REVOKED,
    PASSWORD_CHANGED,
    /** Wrong current password, throttled or refused new password; the outcome says which. */
    PASSWORD_CHANGE_FAILED,
    USER_CREATED,
    USER_DISABLED,
    USER_ENABLED,
    /**
     * A user's email address was set or changed, by its user or (outcome ADMINISTRATOR) an administrator. Which address
     * is never recorded.
     */
    EMAIL_ADDRESS_CHANGED,
    /** A user's email address was removed, by an administrator. */
    EMAIL_ADDRESS_REMOVED,
    /** A TOTP secret was made for its user: pending until a code confirms it. */
    SECOND_FACTOR_ENROLLED,
    /** A code confirmed a pending TOTP: from now on a login needs a second factor. */
    SECOND_FACTOR_CONFIRMED,
    /** A right password for an account with a second factor: a pending login awaits the code. */
    SECOND_FACTOR_REQUIRED,
    /** A pending login completed; the outcome says by which method (a recovery code is used up). */
    SECOND_FACTOR_PASSED,
    /** A wrong or replayed code, or a dead ticket; the outcome says which. */
    SECOND_FACTOR_FAILED,
    /** The TOTP and its recovery codes were removed, by their user or (outcome ADMINISTRATOR) an administrator. */
    SECOND_FACTOR_REMOVED,
    PASSKEY_REGISTERED,
    /** A passkey registration refused: its challenge, origin or signature, or the passkey; the outcome says which. */
    PASSKEY_REGISTRATION_FAILED,
    PASSKEY_DELETED,
    /** A passkey alone logged its user in (followed by {@link #LOGIN_SUCCEEDED}). */
    PASSKEY_LOGIN_SUCCEEDED,
    /**
     * A passkey login refused: its challenge, the passkey, the signature, the user's verification or the counter; the
     * outcome says which.
     */
    PASSKEY_LOGIN_FAILED,
    /** A user proved again who they are: their session may change how they sign in for a while. */
    REAUTHENTICATED,
    /** A proof of who one is refused: a wrong password or code, or a refused passkey; the outcome says which. */
    REAUTHENTICATION_FAILED,
    /**
     * A change to how a user signs in refused, because their session proved who they are too long ago: a stolen access
     * token tried, or a user to be asked again.
     */
    REAUTHENTICATION_REQUIRED,
    /** New recovery codes replaced the old ones, used or not. */
    RECOVERY_CODES_RENEWED,
    /** A password set anew through a mailed reset link; every session of the user ended. */
    PASSWORD_RESET,
    /** A reset link that resets nothing (the outcome says why) or a weak new password. */
    PASSWORD_RESET_FAILED,
    /** A mailed link showed that the user's address is theirs. Which address is never recorded. */
    EMAIL_ADDRESS_VERIFIED,
    /** A verification link that verifies nothing; the outcome says why. */
    EMAIL_VERIFICATION_FAILED,
    /** A user asked for the link that verifies their address again, and it was mailed (or THROTTLED: it was not). */
    EMAIL_VERIFICATION_MAILED,
    /**
     * An account made by sign-up, pending until its address is verified; or (outcome THROUGH_PROVIDER) by a first
     * sign-in through an identity provider, its identity linked to it.
     */
    USER_SIGNED_UP,
    /** A sign-up that made no account (outcome USERNAME_TAKEN or EMAIL_TAKEN): the address was told by mail. */
    SIGN_UP_REFUSED,
    /** An external identity provider signed its user into the linked local account (followed by a login event). */
    EXTERNAL_SIGN_IN_SUCCEEDED,
    /**
     * A provider's callback refused: its state, browser, code, ID token or an unlinked identity; the outcome says
     * which.
     */
    EXTERNAL_SIGN_IN_FAILED,
    /** An external identity was linked to its user's account. */
    IDENTITY_LINKED,
    /** A link refused: the identity is another account's, or the callback failed; the outcome says which. */
    IDENTITY_LINK_FAILED,
    /** A link removed, by its user or (outcome ADMINISTRATOR) an administrator. */
    IDENTITY_UNLINKED;

    /** Too frequent to keep one record each: counted by the metrics only, unless the audit trail is told otherwise. */
    public boolean isRoutine() {
        return this == TOKEN_REFRESHED || this == REFRESH_REJECTED;
    }

    /** The type named exactly {@code text}; anything else is refused with the list of names. */
    public static SecurityEventType parse(String field, String text) {
        return Require.oneOf(field, text, values());
    }
}
