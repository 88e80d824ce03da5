package dev.authservice.adapter.out.persistence.login;

import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.login.LoginThrottlePolicy;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Login attempts in the memory of this instance: the default ({@code auth.login.attempt-log: memory}), enough for one
 * instance. A restart forgets them, and instances sharing a database count separately; {@link JdbcLoginAttemptLog}
 * is the choice for more than one. Attempts that have left the policy's window no longer count and are forgotten
 * every minute, so memory follows recent failures only.
 */
@Singleton
@Requires(property = "auth.login.attempt-log", value = "memory", defaultValue = "memory")
class InMemoryLoginAttemptLog implements LoginAttemptLog {

    private final LoginThrottlePolicy policy;
    private final Clock clock;
    /** Each list is immutable and replaced whole, atomically per key by {@link Map#compute}. */
    private final Map<LoginAttemptKey, List<Instant>> attempts = new ConcurrentHashMap<>();

    InMemoryLoginAttemptLog(LoginThrottlePolicy policy, Clock clock) {
        this.policy = policy;
        this.clock = clock;
    }

    @Override
    public Optional<Duration> tryAttempt(LoginAttemptKey key, Instant now) {
        Duration[] wait = new Duration[1];
        attempts.compute(key, (k, recorded) -> {
            List<Instant> recent = inWindow(recorded == null ? List.of() : recorded, now);
            wait[0] = policy.waitBefore(now, recent).orElse(null);
            List<Instant> kept = wait[0] == null ? Stream.concat(recent.stream(), Stream.of(now)).toList() : recent;
            return kept.isEmpty() ? null : kept;
        });
        return Optional.ofNullable(wait[0]);
    }

    @Override
    public void clear(LoginAttemptKey key) {
        attempts.remove(key);
    }

    @Scheduled(fixedDelay = "1m")
    void forgetOldAttempts() {
        Instant now = clock.instant();
        for (LoginAttemptKey key : attempts.keySet()) {
            attempts.computeIfPresent(key, (k, recorded) -> {
                List<Instant> kept = inWindow(recorded, now);
                return kept.isEmpty() ? null : kept;
            });
        }
    }

    private List<Instant> inWindow(List<Instant> recorded, Instant now) {
        Instant windowStart = policy.windowStart(now);
        return recorded.stream().filter(windowStart::isBefore).toList();
    }
}
