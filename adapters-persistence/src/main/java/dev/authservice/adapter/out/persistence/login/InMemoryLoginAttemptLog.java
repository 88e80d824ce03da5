package dev.authservice.adapter.out.persistence.login;

import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.domain.login.LoginAttemptKey;
import io.micronaut.context.annotation.Property;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Failed logins in the memory of this instance. Enough while the throttle may be per instance: a restart forgets the
 * failures, and instances sharing a database count separately. Failures older than {@code auth.login.failure-window}
 * (default 15m), which the throttle no longer counts, are forgotten every minute, so memory follows recent failures.
 */
@Singleton
class InMemoryLoginAttemptLog implements LoginAttemptLog {

    private final Duration retention;
    /** Each list is immutable and replaced whole, atomically per key. */
    private final Map<LoginAttemptKey, List<Instant>> failures = new ConcurrentHashMap<>();

    InMemoryLoginAttemptLog(@Property(name = "auth.login.failure-window", defaultValue = "15m") Duration retention) {
        this.retention = retention;
    }

    @Override
    public List<Instant> failuresSince(LoginAttemptKey key, Instant since) {
        return failures.getOrDefault(key, List.of()).stream().filter(since::isBefore).toList();
    }

    @Override
    public void recordFailure(LoginAttemptKey key, Instant at) {
        failures.merge(key, List.of(at),
                (recorded, added) -> Stream.concat(recorded.stream(), added.stream()).toList());
    }

    @Override
    public void clear(LoginAttemptKey key) {
        failures.remove(key);
    }

    @Scheduled(fixedDelay = "1m")
    void forgetOldFailures() {
        forgetFailuresBefore(Instant.now().minus(retention));
    }

    /** Drops the failures at or before {@code cutoff}, and the keys left without any. */
    void forgetFailuresBefore(Instant cutoff) {
        for (LoginAttemptKey key : failures.keySet()) {
            failures.computeIfPresent(key, (k, recorded) -> {
                List<Instant> kept = recorded.stream().filter(cutoff::isBefore).toList();
                return kept.isEmpty() ? null : kept;
            });
        }
    }
}
