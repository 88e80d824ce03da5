package dev.authservice.domain.secondfactor;

import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
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
 *   remove, or an administrator's reset ──▶ gone, with its recovery codes
 * </pre>
 *
 * A code is accepted once (RFC 6238 section 5.2): whoever watched it typed cannot use it again, not even within its
 * own 30 seconds. Which time steps a code matches is the crypto adapter's business; which of those may be accepted
 * is decided here ({@link #check}).
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

    /** What a code means for this factor, given the steps around its time whose code it is (none: a wrong code). */
    Check check(List<Long> matchingSteps, Instant at);

    record Pending(UserId userId, SealedSecret secret, Instant enrolledAt) implements TotpFactor {

        public Pending {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(secret, "secret");
            Objects.requireNonNull(enrolledAt, "enrolledAt");
        }

        /** A right code confirms the enrolment: the user has the secret in an app. */
        @Override
        public Check check(List<Long> matchingSteps, Instant at) {
            return matchingSteps.stream().max(Long::compare)
                    .<Check>map(step -> new Check.Accepted(new Confirmed(userId, secret, enrolledAt, at, step)))
                    .orElseGet(() -> new Check.Refused(Refusal.WRONG));
        }
    }

    record Confirmed(UserId userId, SealedSecret secret, Instant enrolledAt, Instant confirmedAt,
                     long lastAcceptedStep) implements TotpFactor {

        public Confirmed {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(secret, "secret");
            Objects.requireNonNull(enrolledAt, "enrolledAt");
            Objects.requireNonNull(confirmedAt, "confirmedAt");
        }

        /** A right code is accepted only for a step after the last accepted one, and that step becomes the last. */
        @Override
        public Check check(List<Long> matchingSteps, Instant at) {
            if (matchingSteps.isEmpty()) {
                return new Check.Refused(Refusal.WRONG);
            }
            return matchingSteps.stream().filter(step -> step > lastAcceptedStep).max(Long::compare)
                    .<Check>map(step -> new Check.Accepted(
                            new Confirmed(userId, secret, enrolledAt, confirmedAt, step)))
                    .orElseGet(() -> new Check.Refused(Refusal.REPLAYED));
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
