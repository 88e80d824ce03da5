package dev.authservice.domain.login;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.Require;
import dev.authservice.domain.user.Username;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Two limits on failed logins inside one sliding {@code window}: {@code maxFailures} per username and client
 * address, which slows down guessing one account, and {@code maxFailuresPerAddress} per client address across
 * usernames, which slows down spraying a password over many accounts (and the hashing it costs). Past either, further
 * attempts wait until enough failures have aged out of the window; a correct password does not shorten the wait.
 * Both count by client address, so an address that reaches either limit never holds back the same user elsewhere.
 */
public record LoginThrottlePolicy(int maxFailures, int maxFailuresPerAddress, Duration window) {

    /** NIST SP 800-63B (5.2.2): no more than 100 failed attempts on one account before it is held back. */
    public static final int MAX_FAILURES = 100;

    /**
     * A hundred times the default, room for the users behind one large NAT. It still holds a sprayer to 10,000
     * guesses per window, about a fifth of the hashes two cores make in the default 15 minutes; 100,000 would be more
     * than they can make.
     */
    public static final int MAX_FAILURES_PER_ADDRESS = 10_000;

    /** A client past a limit waits out the window, even with the right password: a day at most. */
    public static final Duration MAX_WINDOW = Duration.ofDays(1);

    public LoginThrottlePolicy {
        if (maxFailures < 1) {
            throw new InvalidValueException("maxFailures", "maxFailures must be at least 1");
        }
        Require.atMost("maxFailures", maxFailures, MAX_FAILURES);
        if (maxFailuresPerAddress < maxFailures) {
            throw new InvalidValueException("maxFailuresPerAddress", "maxFailuresPerAddress must be at least "
                    + "maxFailures");
        }
        Require.atMost("maxFailuresPerAddress", maxFailuresPerAddress, MAX_FAILURES_PER_ADDRESS);
        Require.positive("window", window, MAX_WINDOW);
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
