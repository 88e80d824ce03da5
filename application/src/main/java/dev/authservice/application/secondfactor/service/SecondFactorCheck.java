package dev.authservice.application.secondfactor.service;

import dev.authservice.application.secondfactor.port.out.SecondFactorStore;
import dev.authservice.application.secondfactor.port.out.SecretSealer;
import dev.authservice.application.secondfactor.port.out.TotpCodes;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.TotpCode;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.secondfactor.TotpSecret;
import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A user's second factor as a login proves it: a code of their TOTP, which time steps around now it belongs to for
 * the domain to judge, or one of their recovery codes. A code for a confirmed factor is counted against its wrong codes
 * before it is checked ({@link TotpFactor.Confirmed#attempt}), by a conditional write that is read and counted again
 * when another code was counted meanwhile, so that none goes uncounted; each retry follows someone else's count, so
 * there are few.
 */
public final class SecondFactorCheck {

    private final SecondFactorStore secondFactors;
    private final SecretSealer sealer;
    private final TotpCodes codes;

    public SecondFactorCheck(SecondFactorStore secondFactors, SecretSealer sealer, TotpCodes codes) {
        this.secondFactors = secondFactors;
        this.sealer = sealer;
        this.codes = codes;
    }

    /** The user's TOTP, when it is in effect. */
    public Optional<TotpFactor.Confirmed> confirmedTotpOf(UserId userId) {
        return secondFactors.totpOf(userId).filter(TotpFactor.Confirmed.class::isInstance)
                .map(TotpFactor.Confirmed.class::cast);
    }

    /** Whether {@code userId} has {@code code} and has not used it; changes nothing. */
    public boolean hasRecoveryCode(UserId userId, RecoveryCode.Hash code) {
        return secondFactors.hasRecoveryCode(userId, code);
    }

    /** Uses {@code code} up: true once, for the one caller that did. */
    public boolean useRecoveryCode(UserId userId, RecoveryCode.Hash code) {
        return secondFactors.useRecoveryCode(userId, code);
    }

    /** A code that would confirm {@code pending}. */
    TotpFactor.Check check(TotpFactor.Pending pending, TotpCode code, Instant at) {
        return pending.check(matchingSteps(pending, code, at), at);
    }

    /**
     * A code for {@code factor}, counted, then checked. An accepted code is not stored yet: the caller does that with
     * {@link #accept} once what the code was for (a login's ticket) is settled.
     */
    public Outcome attempt(TotpFactor.Confirmed factor, TotpCode code, Instant at) {
        TotpFactor.Confirmed current = factor;
        while (true) {
            TotpFactor.Confirmed read = current;
            Optional<Outcome> decided = read.attempt(at).match(
                    counted -> {
                        if (!secondFactors.replace(read, counted.counted())) {
                            return Optional.empty();
                        }
                        return Optional.of(counted.check(matchingSteps(read, code, at)).match(
                                accepted -> new Outcome.Accepted(counted.counted(), accepted.next()),
                                refused -> new Outcome.Refused(refused.why())));
                    },
                    wait -> Optional.of(new Outcome.Wait(wait.retryAfter())),
                    exhausted -> Optional.of(new Outcome.Exhausted()));
            if (decided.isPresent()) {
                return decided.get();
            }
            Optional<TotpFactor.Confirmed> reread = sameSecret(read);
            if (reread.isEmpty()) {
                return new Outcome.Refused(TotpFactor.Refusal.WRONG); // removed or enrolled anew meanwhile
            }
            current = reread.get();
        }
    }

    /**
     * Stores an accepted code over the factor as it was counted; when other codes were counted since, over the factor
     * as it is now. False when the code's step was accepted meanwhile (the same code on another request), or the
     * factor is gone.
     */
    public boolean accept(Outcome.Accepted accepted) {
        TotpFactor.Confirmed expected = accepted.counted();
        TotpFactor.Confirmed next = accepted.next();
        while (!secondFactors.replace(expected, next)) {
            Optional<TotpFactor.Confirmed> reread = sameSecret(expected);
            Optional<TotpFactor.Confirmed> acceptedNow = reread.flatMap(
                    current -> current.accepting(accepted.next().lastAcceptedStep()));
            if (acceptedNow.isEmpty()) {
                return false;
            }
            expected = reread.get();
            next = acceptedNow.get();
        }
        return true;
    }

    private Optional<TotpFactor.Confirmed> sameSecret(TotpFactor.Confirmed read) {
        return confirmedTotpOf(read.userId()).filter(current -> current.secret().equals(read.secret()));
    }

    private List<Long> matchingSteps(TotpFactor factor, TotpCode code, Instant at) {
        byte[] opened = sealer.open(factor.secret());
        try {
            TotpSecret secret = new TotpSecret(opened);
            // Every step is tried, whichever matches, so that the time taken says nothing about which one did.
            return TotpFactor.stepsAround(at).stream().filter(step -> codes.matches(secret, step, code)).toList();
        } finally {
            Arrays.fill(opened, (byte) 0);
        }
    }

    /** What a code for a confirmed factor came to; {@link #match} takes one function per kind. */
    public sealed interface Outcome {

        <T> T match(Function<Accepted, T> accepted, Function<Refused, T> refused, Function<Wait, T> wait,
                    Function<Exhausted, T> exhausted);

        /** Right: {@link #accept} stores {@code next} over {@code counted}. */
        record Accepted(TotpFactor.Confirmed counted, TotpFactor.Confirmed next) implements Outcome {
            @Override
            public <T> T match(Function<Accepted, T> accepted, Function<Refused, T> refused, Function<Wait, T> wait,
                               Function<Exhausted, T> exhausted) {
                return accepted.apply(this);
            }
        }

        /** Wrong or replayed, and counted as wrong. */
        record Refused(TotpFactor.Refusal why) implements Outcome {
            @Override
            public <T> T match(Function<Accepted, T> accepted, Function<Refused, T> refused, Function<Wait, T> wait,
                               Function<Exhausted, T> exhausted) {
                return refused.apply(this);
            }
        }

        /** Not checked: too many wrong in a row, from whichever addresses. */
        record Wait(Duration retryAfter) implements Outcome {
            @Override
            public <T> T match(Function<Accepted, T> accepted, Function<Refused, T> refused, Function<Wait, T> wait,
                               Function<Exhausted, T> exhausted) {
                return wait.apply(this);
            }
        }

        /** Not checked: the secret has had all the wrong codes it may. */
        record Exhausted() implements Outcome {
            @Override
            public <T> T match(Function<Accepted, T> accepted, Function<Refused, T> refused, Function<Wait, T> wait,
                               Function<Exhausted, T> exhausted) {
                return exhausted.apply(this);
            }
        }
    }
}
