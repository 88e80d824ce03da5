package dev.authservice.domain.mailedtoken;

import dev.authservice.domain.mailedtoken.Redemption.Refusal;
import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The record of a token mailed to a user as a link, for one {@link Purpose}: its hash, whose account it acts on,
 * the {@link TokenFingerprint} of what it was issued under (the password hash for a reset, the address's comparison
 * key for a verification), when it ends, and its state. A token is good once, until it expires, while it is its
 * user's newest of its purpose and while what it was issued under is still the account's:
 * <pre>
 *   issue ─────────────────────────────────────▶ LIVE (any LIVE token of the user and purpose becomes SUPERSEDED)
 *   redeem LIVE ─┬─ at or after expiresAt ─────▶ Refused: EXPIRED
 *                ├─ the fingerprint changed ───▶ Refused: FINGERPRINT_CHANGED
 *                └─ otherwise ─────────────────▶ Accepted: USED
 *   redeem USED ───────────────────────────────▶ Refused: USED
 *   redeem SUPERSEDED ─────────────────────────▶ Refused: SUPERSEDED
 * </pre>
 * A token presented for another purpose than its own is one no store knows ({@link #unknown()}).
 */
public record MailedToken(MailedTokenHash hash, Purpose purpose, UserId userId, TokenFingerprint issuedUnder,
                          Instant issuedAt, Instant expiresAt, State state) {

    public enum State { LIVE, USED, SUPERSEDED }

    /** What a token is for; the fingerprint it is bound to follows from it. */
    public enum Purpose {
        /** Sets a new password; bound to the password hash ({@link TokenFingerprint#ofPassword}). */
        PASSWORD_RESET,
        /** Shows the address is its user's; bound to the address ({@link TokenFingerprint#ofAddress}). */
        EMAIL_VERIFICATION
    }

    public MailedToken {
        Objects.requireNonNull(hash, "hash");
        Objects.requireNonNull(purpose, "purpose");
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(issuedUnder, "issuedUnder");
        Objects.requireNonNull(issuedAt, "issuedAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
        Objects.requireNonNull(state, "state");
        if (!expiresAt.isAfter(issuedAt)) {
            throw new IllegalArgumentException("a mailed token expires after it is issued");
        }
    }

    /** A new live token for {@code userId}, issued under {@code current} and living {@code lifetime}. */
    public static MailedToken issue(MailedTokenHash hash, Purpose purpose, UserId userId, TokenFingerprint current,
                                    Instant now, Duration lifetime) {
        return new MailedToken(hash, purpose, userId, current, now, now.plus(lifetime), State.LIVE);
    }

    /** What presenting a token no store knows means. */
    public static Redemption unknown() {
        return new Redemption.Refused(Refusal.UNKNOWN);
    }

    /** What presenting this token at {@code now} means, given the fingerprint of what it is bound to now. */
    public Redemption redeem(Instant now, TokenFingerprint current) {
        if (state == State.USED) {
            return new Redemption.Refused(Refusal.USED);
        }
        if (state == State.SUPERSEDED) {
            return new Redemption.Refused(Refusal.SUPERSEDED);
        }
        if (!now.isBefore(expiresAt)) {
            return new Redemption.Refused(Refusal.EXPIRED);
        }
        if (!issuedUnder.matches(current)) {
            return new Redemption.Refused(Refusal.FINGERPRINT_CHANGED);
        }
        return new Redemption.Accepted(with(State.USED));
    }

    /** This token in {@code newState}: what a store writes. */
    public MailedToken with(State newState) {
        return new MailedToken(hash, purpose, userId, issuedUnder, issuedAt, expiresAt, newState);
    }
}
