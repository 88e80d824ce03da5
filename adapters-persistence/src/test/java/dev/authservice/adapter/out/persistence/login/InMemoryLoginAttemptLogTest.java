package dev.authservice.adapter.out.persistence.login;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.application.port.out.LoginAttemptLogContract;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.user.Username;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class InMemoryLoginAttemptLogTest extends LoginAttemptLogContract {

    private static final Duration WINDOW = Duration.ofMinutes(15);
    private static final LoginAttemptKey KEY = new LoginAttemptKey(new Username("carol"), "192.0.2.4");

    @Override
    protected LoginAttemptLog emptyLoginAttemptLog() {
        return new InMemoryLoginAttemptLog(WINDOW);
    }

    @Test
    void forgettingDropsOnlyTheFailuresUpToTheCutoff() {
        InMemoryLoginAttemptLog log = new InMemoryLoginAttemptLog(WINDOW);
        Instant cutoff = Instant.parse("2025-03-01T12:00:00Z");
        log.recordFailure(KEY, cutoff.minusSeconds(1));
        log.recordFailure(KEY, cutoff);
        log.recordFailure(KEY, cutoff.plusSeconds(1));

        log.forgetFailuresBefore(cutoff);

        assertEquals(List.of(cutoff.plusSeconds(1)), log.failuresSince(KEY, Instant.EPOCH));
    }

    @Test
    void theScheduledCleanupKeepsTheFailuresInsideTheWindow() {
        InMemoryLoginAttemptLog log = new InMemoryLoginAttemptLog(WINDOW);
        Instant recent = Instant.now().minus(WINDOW).plusSeconds(60);
        log.recordFailure(KEY, Instant.now().minus(WINDOW).minusSeconds(60));
        log.recordFailure(KEY, recent);

        log.forgetOldFailures();

        assertEquals(List.of(recent), log.failuresSince(KEY, Instant.EPOCH));
    }
}
