package dev.authservice.domain.login;

import dev.authservice.domain.user.Username;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Two limits on failed logins inside one sliding {@code window}: {@code maxFailures} per username and client
 * address, which slows down guessing one account, and {@code maxFailuresPerAddress} per client address across
 * usernames, which slows down spraying a password over many accounts (and the hashing it costs). Past either, further
 * attempts wait until enough failures have aged out of the window; a correct password does not shorten the wait.
 * Both count by client address, so an address that reaches either limit never holds back the same user elsewhere.
 */
public record LoginThrottlePolicy(int maxFailures, int maxFailuresPerAddress, Duration window) {

    public LoginThrottlePolicy {
        if (maxFailures < 1) {
            throw new IllegalArgumentException("maxFailures must be at least 1");
        }
        if (maxFailuresPerAddress < maxFailures) {
            throw new IllegalArgumentException("maxFailuresPerAddress must be at least maxFailures");
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
     * How long an attempt for {@code username} at {@code now} must wait, given the failures counted for its client
     * address (every username's), or empty when it may go ahead.
     */
    public Optional<Duration> waitBefore(Instant now, Username username, Collection<CountedAttempt> ofAddress) {
        List<Instant> recent = ofAddress.stream().map(CountedAttempt::at).filter(windowStart(now)::isBefore).toList();
        List<Instant> recentOfUsername = ofAddress.stream().filter(attempt -> attempt.username().equals(username))
                .map(CountedAttempt::at).filter(windowStart(now)::isBefore).toList();
        Optional<Instant> unlockedAt = latest(unlockedAt(recentOfUsername, maxFailures),
                unlockedAt(recent, maxFailuresPerAddress));
        return unlockedAt.map(at -> Duration.between(now, at));
    }

    /** When fewer than {@code limit} of {@code recent} are left in the window; empty when that is already so. */
    private Optional<Instant> unlockedAt(List<Instant> recent, int limit) {
        if (recent.size() < limit) {
            return Optional.empty();
        }
        // The attempt may go ahead once only limit - 1 failures are left inside the window.
        List<Instant> sorted = recent.stream().sorted().toList();
        return Optional.of(sorted.get(sorted.size() - limit).plus(window));
    }

    private static Optional<Instant> latest(Optional<Instant> one, Optional<Instant> other) {
        return one.isEmpty() ? other : other.filter(one.get()::isBefore).or(() -> one);
    }
}
