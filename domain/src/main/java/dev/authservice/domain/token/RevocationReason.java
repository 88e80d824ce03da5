package dev.authservice.domain.token;

/** Why a session was ended before its tokens expired. */
public enum RevocationReason {
    /** The user logged out. */
    LOGOUT,
    /** A rotated refresh token was presented again: someone holds a copy, so nobody keeps the session. */
    REUSE_DETECTED
}
