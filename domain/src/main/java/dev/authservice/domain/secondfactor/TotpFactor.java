package dev.authservice.domain.secondfactor;

import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.LongStream;

/**
 * A user's time-based one-time password (RFC 6238) as a second factor, and its whole life:
 *
 * <pre>
 *   enrol ─────────────────────▶ Pending (not in effect; a new enrolment replaces it)
 *   Pending ── a right code ───▶ Confirmed (in effect; the code's time step is its last accepted one)
 *   Confirmed ── a right code for a step after the last accepted one ──▶ Confirmed, that step the last accepted
 *   Confirmed ── a right code for the last accepted step or an earlier one ──▶ refused: REPLAYED
 *   Confirmed ── any code while its {@link WrongCodes} are exhausted or waiting ──▶ refused unchecked
 *   remove, or an administrator's reset ──▶ gone, with its recovery codes
 * </pre>
 *
 * A code is accepted once (RFC 6238 section 5.2): whoever watched it typed cannot use it again, not even within its
 * own 30 seconds. A code for a confirmed factor is counted as wrong before it is checked ({@link Confirmed#attempt})
 * and its count taken back if it proves right, so that the wrong codes of every address together stay within the
 * secret's limit. Which time steps a code matches is the crypto adapter's business; which of those may be accepted
 * is decided here.
 */
public sealed interface TotpFactor {

    /** The time step of RFC 6238, the one every authenticator app uses. */
    Duration STEP = Duration.ofSeconds(30);
    /** Steps accepted either side of the current one, for clocks that disagree and codes typed slowly. */
    int SKEW_STEPS = 1;

    UserId userId();

    SealedSecret secret();

    /** The steps a code typed at {@code at} may belong to: the current one and {@link #SKEW_STEPS} either side. */
    static List<Long> stepsAround(Instant at) {
        long current = Math.floorDiv(at.getEpochSecond(), STEP.toSeconds());
        return LongStream.rangeClosed(current - SKEW_STEPS, current + SKEW_STEPS).boxed().toList();
    }

    static Pending enrol(UserId userId, SealedSecret secret, Instant at) {
        return new Pending(userId, secret, at);
    }

    record Pending(UserId userId, SealedSecret secret, Instant enrolledAt) implements TotpFactor {

        public Pending {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(secret, "secret");
            Objects.requireNonNull(enrolledAt, "enrolledAt");
        }

        /**
         * What a code means, given the steps around its time whose code it is (none: a wrong code). A right code
         * confirms the enrolment: the user has the secret in an app. Whoever sees the pending secret needs no guess,
         * so its codes are not counted.
         */
        public Check check(List<Long> matchingSteps, Instant at) {
            return matchingSteps.stream().max(Long::compare)
                    .<Check>map(step -> new Check.Accepted(
                            new Confirmed(userId, secret, enrolledAt, at, step, WrongCodes.NONE)))
                    .orElseGet(() -> new Check.Refused(Refusal.WRONG));
        }
    }

    record Confirmed(UserId userId, SealedSecret secret, Instant enrolledAt, Instant confirmedAt,
                     long lastAcceptedStep, WrongCodes wrongCodes) implements TotpFactor {

        public Confirmed {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(secret, "secret");
            Objects.requireNonNull(enrolledAt, "enrolledAt");
            Objects.requireNonNull(confirmedAt, "confirmedAt");
            Objects.requireNonNull(wrongCodes, "wrongCodes");
        }

        /**
         * A code about to be checked at {@code at}: refused unchecked while the secret's wrong codes are exhausted or
         * waiting; otherwise counted as wrong, and the factor so counted is what must be stored before the code is
         * checked.
         */
        public Attempt attempt(Instant at) {
            if (wrongCodes.exhausted()) {
                return new Attempt.Exhausted();
            }
            return wrongCodes.waitAt(at).<Attempt>map(Attempt.Wait::new)
                    .orElseGet(() -> new Attempt.Counted(withWrongCodes(lastAcceptedStep, wrongCodes.counted(at))));
        }

        /**
         * This factor once a counted code for {@code step} proved right: that step the last accepted one, the code's
         * count taken back. Empty for the last accepted step or an earlier one: the code was used already.
         */
        public Optional<Confirmed> accepting(long step) {
            return step > lastAcceptedStep ? Optional.of(withWrongCodes(step, wrongCodes.takenBack()))
                    : Optional.empty();
        }

        private Confirmed withWrongCodes(long step, WrongCodes counted) {
            return new Confirmed(userId, secret, enrolledAt, confirmedAt, step, counted);
        }
    }

    /** A code about to be checked against a confirmed factor; {@link #match} takes one function per kind. */
    sealed interface Attempt {

        <T> T match(Function<Counted, T> counted, Function<Wait, T> wait, Function<Exhausted, T> exhausted);

        /** @param counted the factor with the code counted as wrong: stored before the code is checked */
        record Counted(Confirmed counted) implements Attempt {

            /**
             * What the code means, given the steps around its time whose code it is (none: a wrong code). A right
             * code is accepted only for a step after the last accepted one, and that step becomes the last.
             */
            public Check check(List<Long> matchingSteps) {
                if (matchingSteps.isEmpty()) {
                    return new Check.Refused(Refusal.WRONG);
                }
                return matchingSteps.stream().max(Long::compare).flatMap(counted::accepting)
                        .<Check>map(Check.Accepted::new)
                        .orElseGet(() -> new Check.Refused(Refusal.REPLAYED));
            }

            @Override
            public <T> T match(Function<Counted, T> counted, Function<Wait, T> wait,
                               Function<Exhausted, T> exhausted) {
                return counted.apply(this);
            }
        }

        /** Wrong codes in a row: the next may be tried after {@code retryAfter}. */
        record Wait(Duration retryAfter) implements Attempt {
            @Override
            public <T> T match(Function<Counted, T> counted, Function<Wait, T> wait,
                               Function<Exhausted, T> exhausted) {
                return wait.apply(this);
            }
        }

        /** The secret has had every wrong code it may: a recovery code or a passkey signs in, and a new enrolment. */
        record Exhausted() implements Attempt {
            @Override
            public <T> T match(Function<Counted, T> counted, Function<Wait, T> wait,
                               Function<Exhausted, T> exhausted) {
                return exhausted.apply(this);
            }
        }
    }

    /**
     * What a code means; {@link #match} takes one function per kind, so that a new kind does not compile until every
     * caller handles it.
     */
    sealed interface Check {

        <T> T match(Function<Accepted, T> accepted, Function<Refused, T> refused);

        /** The factor as it is once the code is accepted: confirmed, its last accepted step the code's. */
        record Accepted(Confirmed next) implements Check {
            @Override
            public <T> T match(Function<Accepted, T> accepted, Function<Refused, T> refused) {
                return accepted.apply(this);
            }
        }

        record Refused(Refusal why) implements Check {
            @Override
            public <T> T match(Function<Accepted, T> accepted, Function<Refused, T> refused) {
                return refused.apply(this);
            }
        }
    }

    /** Why a code is refused; the client is told only that it was. */
    enum Refusal {
        WRONG,
        /** The code of a step already accepted, or an earlier one: someone may have watched it typed. */
        REPLAYED
    }
}
