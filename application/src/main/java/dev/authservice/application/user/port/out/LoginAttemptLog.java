package dev.authservice.application.user.port.out;

import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.login.LoginThrottlePolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Counts login attempts for the throttle, by the {@link LoginThrottlePolicy} it is built with. An attempt is counted
 * as a failure when it starts, before its password is checked; a successful login then {@link #clear clears} the count.
 * Counting first is what stops a burst of parallel guesses: none of them waits for another's password check.
 */
public interface LoginAttemptLog {

    /**
     * Atomically for {@code key}'s client address, whatever the username: when the policy, given the attempts counted
     * for that address, lets an attempt go ahead at {@code now}, counts it and returns empty; otherwise counts nothing
     * and returns how long the caller must wait.
     */
    Optional<Duration> tryAttempt(LoginAttemptKey key, Instant now);

    /**
     * Forgets the attempts of {@code key}: a successful login starts its username's count again, and takes them out
     * of its address's count too, which holds failures only. The other usernames' attempts from the address stay.
     */
    void clear(LoginAttemptKey key);
}
