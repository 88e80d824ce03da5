package dev.authservice.application.port.out;

import dev.authservice.domain.login.LoginAttemptKey;
import java.time.Instant;
import java.util.List;

/** Remembers failed logins long enough for the throttle to count them. */
public interface LoginAttemptLog {

    /** The failures recorded for {@code key} after {@code since}. */
    List<Instant> failuresSince(LoginAttemptKey key, Instant since);

    void recordFailure(LoginAttemptKey key, Instant at);

    /** Forgets the failures of {@code key}: a successful login starts the count again. */
    void clear(LoginAttemptKey key);
}
