package dev.authservice.domain.session;

/** Why a session was ended before its tokens expired. */
public enum RevocationReason {
    /** The user logged out. */
    LOGOUT,
    /** A rotated refresh token was presented again: someone holds a copy, so nobody keeps the session. */
    REUSE_DETECTED,
    /** The user ended this session from their list of sessions ("sign out this device"). */
    SIGNED_OUT,
    /** The user changed their password: every other session ends. */
    PASSWORD_CHANGED,
    /** An administrator disabled the account. */
    USER_DISABLED,
    /** An administrator ended the user's sessions. */
    ADMINISTRATOR
}
