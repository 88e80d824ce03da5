package dev.authservice.domain.mail;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.Require;
import java.time.Duration;
import java.time.Instant;

/**
 * How long a mail is tried while its server does not take it: after the n-th failed attempt the next waits
 * {@code backOffBase × 2^(n-1)}, but never longer than {@code backOffCeiling}; the mail is given up after
 * {@code maxAttempts} attempts, or at the first failure once it is {@code maxAge} old, whichever comes first.
 *
 * @param maxAttempts    1 to {@value #MAX_ATTEMPTS}
 * @param backOffBase    the wait after the first failure; positive, at most {@link #MAX_BACK_OFF}
 * @param backOffCeiling the longest wait; at least the base, at most {@link #MAX_BACK_OFF}
 * @param maxAge         how long after it was queued a mail is still worth sending; at most {@link #MAX_AGE}
 */
public record DeliveryPolicy(int maxAttempts, Duration backOffBase, Duration backOffCeiling, Duration maxAge) {

    public static final int MAX_ATTEMPTS = 100;
    public static final Duration MAX_BACK_OFF = Duration.ofDays(1);
    /** A notice a month late tells nobody anything. */
    public static final Duration MAX_AGE = Duration.ofDays(30);

    public DeliveryPolicy {
        Require.range("maxAttempts", maxAttempts, 1, MAX_ATTEMPTS);
        Require.positive("backOffBase", backOffBase, MAX_BACK_OFF);
        Require.positive("backOffCeiling", backOffCeiling, MAX_BACK_OFF);
        if (backOffCeiling.compareTo(backOffBase) < 0) {
            throw new InvalidValueException("backOffCeiling", "backOffCeiling must be at least backOffBase, "
                    + backOffBase);
        }
        Require.positive("maxAge", maxAge, MAX_AGE);
    }

    /** 30 s, doubling to an hour; twenty attempts (about fourteen hours) or a day. */
    public static DeliveryPolicy defaults() {
        return new DeliveryPolicy(20, Duration.ofSeconds(30), Duration.ofHours(1), Duration.ofDays(1));
    }

    /** The wait after the {@code failures}-th failed attempt (1 or more), before any jitter. */
    public Duration backOff(int failures) {
        Require.atLeast("failures", failures, 1);
        Duration wait = backOffBase;
        for (int doubled = 1; doubled < failures && wait.compareTo(backOffCeiling) < 0; doubled++) {
            wait = wait.multipliedBy(2);
        }
        return wait.compareTo(backOffCeiling) < 0 ? wait : backOffCeiling;
    }

    /** The back-off less what {@code jitter} leaves out of it: from half of it to all of it. */
    public Duration backOff(int failures, BackOffJitter jitter) {
        Duration wait = backOff(failures);
        double fraction = Math.min(1, Math.max(0, jitter.fraction()));
        return wait.minusNanos((long) (wait.toNanos() / 2 * fraction));
    }

    /** Whether a mail queued at {@code createdAt} is given up when its attempt {@code attempts} fails at {@code at}. */
    public boolean givesUp(int attempts, Instant createdAt, Instant at) {
        return attempts >= maxAttempts || !at.isBefore(createdAt.plus(maxAge));
    }
}
