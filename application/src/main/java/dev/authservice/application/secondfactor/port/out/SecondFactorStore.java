package dev.authservice.application.secondfactor.port.out;

import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.user.UserId;
import java.util.List;
import java.util.Optional;

/**
 * The users' second factors: at most one TOTP per user ({@link TotpFactor}, its secret sealed) and, once it is
 * confirmed, its recovery codes, known by hash only. It carries out what {@link TotpFactor} decides and decides
 * nothing; every write is conditional on what the caller read, so that of two concurrent writes from the same state
 * exactly one succeeds. Every method is atomic on its own. {@code SecondFactorStoreContract} holds every
 * implementation to what is written here.
 */
public interface SecondFactorStore {

    /**
     * Stores {@code pending} as its user's TOTP, replacing a pending one; false, and nothing stored, when the user's
     * TOTP is confirmed.
     */
    boolean enrol(TotpFactor.Pending pending);

    Optional<TotpFactor> totpOf(UserId userId);

    /**
     * A confirmation: replaces {@code expected} with {@code confirmed}, and the user's recovery codes (if any were
     * left over) with {@code recoveryCodes}, at once; false, and nothing changed, unless {@code expected} is still
     * what is stored (the same sealed secret, still pending).
     */
    boolean confirm(TotpFactor.Pending expected, TotpFactor.Confirmed confirmed, List<RecoveryCode.Hash> recoveryCodes);

    /**
     * A code counted or accepted: replaces {@code expected} with {@code next}; false, and nothing changed, unless the
     * stored factor is still {@code expected} (the same secret, last accepted step and wrong codes). Of two concurrent
     * replacements of one state, one wins.
     */
    boolean replace(TotpFactor.Confirmed expected, TotpFactor.Confirmed next);

    /**
     * Replaces the user's recovery codes, used or not, with {@code recoveryCodes}, at once; false, and nothing changed,
     * unless {@code held}'s secret is still the user's confirmed TOTP.
     */
    boolean renewRecoveryCodes(TotpFactor.Confirmed held, List<RecoveryCode.Hash> recoveryCodes);

    /** Whether {@code userId} has {@code code} and has not used it. Changes nothing. */
    boolean hasRecoveryCode(UserId userId, RecoveryCode.Hash code);

    /** Uses {@code code} up: true once, for the one caller that did; false for a used or unknown one. */
    boolean useRecoveryCode(UserId userId, RecoveryCode.Hash code);

    /** How many unused recovery codes {@code userId} has left. */
    int recoveryCodesLeft(UserId userId);

    /** Forgets the user's TOTP and recovery codes. Returns whether there was a TOTP. */
    boolean remove(UserId userId);
}
