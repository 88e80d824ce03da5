package dev.authservice.adapter.out.persistence.user;

import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.domain.login.CountedAttempt;
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
    /**
     * Per client address, every username's attempts: the policy limits both. Each list is immutable and replaced
     * whole, atomically per address by {@link Map#compute}.
     */
    private final Map<String, List<CountedAttempt>> attempts = new ConcurrentHashMap<>();

    InMemoryLoginAttemptLog(LoginThrottlePolicy policy, Clock clock) {
        this.policy = policy;
        this.clock = clock;
    }

    @Override
    public Optional<Duration> tryAttempt(LoginAttemptKey key, Instant now) {
        Duration[] wait = new Duration[1];
        attempts.compute(key.client(), (client, recorded) -> {
            List<CountedAttempt> recent = inWindow(recorded == null ? List.of() : recorded, now);
            wait[0] = policy.waitBefore(now, key.username(), recent).orElse(null);
            List<CountedAttempt> kept = wait[0] == null
                    ? Stream.concat(recent.stream(), Stream.of(new CountedAttempt(key.username(), now))).toList()
                    : recent;
            return kept.isEmpty() ? null : kept;
        });
        return Optional.ofNullable(wait[0]);
    }

    @Override
    public void clear(LoginAttemptKey key) {
        attempts.computeIfPresent(key.client(), (client, recorded) -> {
            List<CountedAttempt> kept = recorded.stream()
                    .filter(attempt -> !attempt.username().equals(key.username())).toList();
            return kept.isEmpty() ? null : kept;
        });
    }

    @Scheduled(fixedDelay = "1m")
    void forgetOldAttempts() {
        Instant now = clock.instant();
        for (String client : attempts.keySet()) {
            attempts.computeIfPresent(client, (c, recorded) -> {
                List<CountedAttempt> kept = inWindow(recorded, now);
                return kept.isEmpty() ? null : kept;
            });
        }
    }

    private List<CountedAttempt> inWindow(List<CountedAttempt> recorded, Instant now) {
        Instant windowStart = policy.windowStart(now);
        return recorded.stream().filter(attempt -> windowStart.isBefore(attempt.at())).toList();
    }
}
