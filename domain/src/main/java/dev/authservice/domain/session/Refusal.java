package dev.authservice.domain.session;

/**
 * Why a presented refresh token is refused; the client is told only that it was, the audit trail why. Nothing on
 * record is {@link #UNKNOWN}; every other refusal is a {@link RefusalRule}'s.
 */
public enum Refusal {
    UNKNOWN,
    SESSION_REVOKED,
    /** The session's absolute lifetime is over: its user logs in again. */
    SESSION_ENDED,
    EXPIRED,
    OWNER_DISABLED
}
