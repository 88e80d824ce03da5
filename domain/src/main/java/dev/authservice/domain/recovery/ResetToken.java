package dev.authservice.domain.recovery;

import dev.authservice.domain.recovery.Redemption.Refusal;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Objects;

/**
 * The record of a password-reset token: its hash, whose password it resets, the fingerprint of the password hash it
 * was issued under, when it ends, and its state. A token is good once, until it expires, while it is its user's
 * newest and while the password is still the one it was issued under:
 * <pre>
 *   issue ─────────────────────────────────────▶ LIVE (any LIVE token of the user becomes SUPERSEDED)
 *   redeem LIVE ─┬─ at or after expiresAt ─────▶ Refused: EXPIRED
 *                ├─ the password hash changed ─▶ Refused: PASSWORD_CHANGED
 *                └─ otherwise ─────────────────▶ Accepted: USED
 *   redeem USED ───────────────────────────────▶ Refused: USED
 *   redeem SUPERSEDED ─────────────────────────▶ Refused: SUPERSEDED
 * </pre>
 */
public record ResetToken(ResetTokenHash hash, UserId userId, PasswordFingerprint issuedUnder, Instant issuedAt,
                         Instant expiresAt, State state) {

    public enum State { LIVE, USED, SUPERSEDED }

    public ResetToken {
        Objects.requireNonNull(hash, "hash");
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(issuedUnder, "issuedUnder");
        Objects.requireNonNull(issuedAt, "issuedAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
        Objects.requireNonNull(state, "state");
        if (!expiresAt.isAfter(issuedAt)) {
            throw new IllegalArgumentException("a reset token expires after it is issued");
        }
    }

    /** A new live token for {@code userId}, whose password hash has {@code current} as its fingerprint. */
    public static ResetToken issue(ResetTokenHash hash, UserId userId, PasswordFingerprint current, Instant now,
                                   ResetTokenPolicy policy) {
        return new ResetToken(hash, userId, current, now, now.plus(policy.lifetime()), State.LIVE);
    }

    /** What presenting a token no store knows means. */
    public static Redemption unknown() {
        return new Redemption.Refused(Refusal.UNKNOWN);
    }

    /** What presenting this token at {@code now} means, given the fingerprint of its user's password hash now. */
    public Redemption redeem(Instant now, PasswordFingerprint current) {
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
            return new Redemption.Refused(Refusal.PASSWORD_CHANGED);
        }
        return new Redemption.Accepted(new ResetToken(hash, userId, issuedUnder, issuedAt, expiresAt, State.USED));
    }
}
