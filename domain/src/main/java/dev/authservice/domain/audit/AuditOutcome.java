package dev.authservice.domain.audit;

import dev.authservice.domain.session.RevocationReason;

/**
 * Why an event turned out as it did, where its type does not say: the one closed list of outcomes the audit trail
 * keeps, the same for every use case. Stored and shown by name; never a password, token, hash or secret.
 */
public enum AuditOutcome {
    /** A login for a username nobody has. */
    UNKNOWN_USER,
    /** A login, a password change or a proof of who one is with the wrong password. */
    WRONG_PASSWORD,
    /** A login, a password change, a refresh or a proof of who one is, of a disabled account. */
    ACCOUNT_DISABLED,
    /** A password change or a proof of who one is refused by the login throttle. */
    THROTTLED,
    /** A new password the password policy refuses. */
    WEAK_PASSWORD,
    /** A password change whose current password was changed by another request since it was checked. */
    CHANGED_MEANWHILE,
    /** A refresh with no token, or one this service does not know. */
    UNKNOWN_TOKEN,
    /** A refresh with an expired token. */
    EXPIRED,
    /** A refresh with a token of a revoked session. */
    REVOKED,
    /** A refresh of a session whose absolute lifetime is over. */
    SESSION_ENDED,
    /** A rotated token presented again within the reuse grace, answered with the successor already issued. */
    REPEATED_WITHIN_GRACE,
    /** A second factor's code that is not the right one. */
    WRONG_CODE,
    /** A TOTP code of a time step already accepted: someone may have watched it typed. */
    REPLAYED_CODE,
    /** A TOTP code not checked: too many wrong ones in a row for the account, from whichever addresses. */
    WRONG_CODES_IN_A_ROW,
    /** A TOTP code not checked: its secret has had every wrong code it may. */
    WRONG_CODES_EXHAUSTED,
    /** A proof of who one is with the right password but without the second factor the user has. */
    SECOND_FACTOR_MISSING,
    /** The wrong code after which a pending login dies. */
    ATTEMPTS_EXHAUSTED,
    /** A login ticket nobody was given, already used, or expired. */
    TICKET_UNKNOWN,
    TICKET_USED,
    TICKET_EXPIRED,
    /** A password-reset token already used, or replaced by a newer one sent to the user. */
    RESET_TOKEN_USED,
    RESET_TOKEN_SUPERSEDED,
    /** An address-verification token already used, or replaced by a newer one sent to the user. */
    VERIFICATION_TOKEN_USED,
    VERIFICATION_TOKEN_SUPERSEDED,
    /** The right password for an account made by sign-up whose address is not verified yet. */
    EMAIL_NOT_VERIFIED,
    /** A sign-up for a username, or an address, that an account holds already (told by mail, never in the answer). */
    USERNAME_TAKEN,
    EMAIL_TAKEN,
    /** An external sign-in's state nobody was given, already used, or brought back by another browser. */
    STATE_UNKNOWN,
    STATE_USED,
    STATE_EXPIRED,
    OTHER_BROWSER,
    /** A state brought back on another provider's callback path: a mix-up. */
    OTHER_PROVIDER,
    /** The provider refused the authorization, or its answer (code, ID token) failed a check. */
    PROVIDER_REFUSED,
    PROVIDER_UNAVAILABLE,
    /** An external identity linked to no local account. */
    NOT_LINKED,
    /** An external identity linked to another account already. */
    LINKED_ELSEWHERE,
    /** A confirmation or removal of a TOTP the user does not have (pending, or at all). */
    NOT_ENROLLED,
    /** The second factor proven with the authenticator app's code. */
    TOTP_CODE,
    /** The second factor proven with a recovery code, which is used up. */
    RECOVERY_CODE,
    /** The second factor proven with a passkey. */
    PASSKEY,
    /** The second factor proven by the identity provider: its {@code acr} or {@code amr} trusted by configuration. */
    PROVIDER_SECOND_FACTOR,
    /** An account made by a first sign-in through an identity provider that signs new users up. */
    THROUGH_PROVIDER,
    /** A passkey registration or login whose challenge is unknown, another user's or another login's, or used already. */
    UNKNOWN_CHALLENGE,
    /** A passkey registration or login whose challenge was too old. */
    CHALLENGE_EXPIRED,
    /** A passkey registration or login sent from an origin not configured. */
    WRONG_ORIGIN,
    /** A passkey registration or assertion that does not verify: signature, relying party, flags or form. */
    VERIFICATION_FAILED,
    /** A passkey registration of a credential registered already. */
    CREDENTIAL_TAKEN,
    /** A passkey registration of a user holding as many passkeys as allowed. */
    TOO_MANY_PASSKEYS,
    /** A passkey login with a credential nobody registered, or, as a second factor, another user's. */
    UNKNOWN_PASSKEY,
    /** A passkey assertion naming another user than the passkey's. */
    USER_HANDLE_MISMATCH,
    /** A passkey login alone whose authenticator did not verify its user. */
    USER_NOT_VERIFIED,
    /** A passkey whose BE flag changed since registration. */
    BACKUP_ELIGIBILITY_CHANGED,
    /** A passkey whose signature counter did not go up: its key may have been copied. */
    POSSIBLE_CLONE,
    /** Sessions ended: why, as {@link RevocationReason} says (a login undone by a concurrent change, a sign-out, ...). */
    LOGOUT,
    REUSE_DETECTED,
    SIGNED_OUT,
    PASSWORD_CHANGED,
    USER_DISABLED,
    ADMINISTRATOR;

    /** The outcome of ending sessions for {@code reason}. */
    public static AuditOutcome of(RevocationReason reason) {
        return switch (reason) {
            case LOGOUT -> LOGOUT;
            case REUSE_DETECTED -> REUSE_DETECTED;
            case SIGNED_OUT -> SIGNED_OUT;
            case PASSWORD_CHANGED -> PASSWORD_CHANGED;
            case USER_DISABLED -> USER_DISABLED;
            case ADMINISTRATOR -> ADMINISTRATOR;
        };
    }
}
