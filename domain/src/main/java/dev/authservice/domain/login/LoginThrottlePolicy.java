package dev.authservice.domain.login;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * After {@code maxFailures} failed logins inside a sliding {@code window}, further attempts wait until enough of
 * those failures have aged out of the window; a correct password does not shorten the wait.
 */
public record LoginThrottlePolicy(int maxFailures, Duration window) {

    public LoginThrottlePolicy {
        if (maxFailures < 1) {
            throw new IllegalArgumentException("maxFailures must be at least 1");
        }
        Objects.requireNonNull(window, "window");
        if (window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("window must be positive");
        }
    }

    /** The start of the window that ends at {@code now}: failures before it no longer count. */
    public Instant windowStart(Instant now) {
        return now.minus(window);
    }

    /**
     * How long an attempt at {@code now} must wait, given the failures recorded for the same username and client,
     * or empty when it may go ahead.
     */
    public Optional<Duration> waitBefore(Instant now, Collection<Instant> failures) {
        List<Instant> recent = failures.stream().filter(windowStart(now)::isBefore).sorted().toList();
        if (recent.size() < maxFailures) {
            return Optional.empty();
        }
        // The attempt may go ahead once only maxFailures - 1 failures are left inside the window.
        Instant unlockedAt = recent.get(recent.size() - maxFailures).plus(window);
        return Optional.of(Duration.between(now, unlockedAt));
    }
}
