package dev.authservice.adapter.out.persistence.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.application.user.port.out.LoginAttemptLogContract;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.login.LoginThrottlePolicy;
import dev.authservice.domain.user.Username;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class InMemoryLoginAttemptLogTest extends LoginAttemptLogContract {

    private static final LoginAttemptKey KEY = new LoginAttemptKey(new Username("carol"), "192.0.2.4");

    @Override
    protected LoginAttemptLog emptyLoginAttemptLog(LoginThrottlePolicy policy, Clock clock) {
        return new InMemoryLoginAttemptLog(policy, clock);
    }

    @Test
    void theScheduledCleanupForgetsOnlyAttemptsThatLeftTheWindow() {
        Instant now = Instant.parse("2025-03-01T12:00:00Z");
        InMemoryLoginAttemptLog log = new InMemoryLoginAttemptLog(THREE_PER_USERNAME_TEN_PER_ADDRESS, Clock.fixed(now, ZoneOffset.UTC));
        log.tryAttempt(KEY, now.minus(Duration.ofMinutes(11)));
        log.tryAttempt(KEY, now.minus(Duration.ofMinutes(11)));
        log.tryAttempt(KEY, now.minus(Duration.ofMinutes(1)));
        log.tryAttempt(KEY, now.minus(Duration.ofMinutes(1)));

        log.forgetOldAttempts();

        // Two attempts are left inside the window: one more goes ahead, the next waits.
        assertEquals(Optional.empty(), log.tryAttempt(KEY, now));
        assertTrue(log.tryAttempt(KEY, now).isPresent());
    }
}
