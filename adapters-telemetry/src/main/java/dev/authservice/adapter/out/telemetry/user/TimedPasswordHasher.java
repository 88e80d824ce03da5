package dev.authservice.adapter.out.telemetry.user;

import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordHash;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * Times every hash and verification of the hasher it wraps: the one deliberately slow step of a login, and the first
 * figure to look at when logins queue (a verification includes the wait for a free hashing slot).
 */
public final class TimedPasswordHasher implements PasswordHasher {

    static final String TIMER = "auth.password.hashing";

    private final PasswordHasher hasher;
    private final Timer hashing;
    private final Timer verifying;

    public TimedPasswordHasher(PasswordHasher hasher, MeterRegistry registry) {
        this.hasher = hasher;
        this.hashing = timer(registry, "hash");
        this.verifying = timer(registry, "verify");
    }

    /** With histogram buckets, so that percentiles can be computed across instances. */
    private static Timer timer(MeterRegistry registry, String operation) {
        return Timer.builder(TIMER)
                .description("Argon2id password hashing, including the wait for a free hashing slot")
                .tag("operation", operation)
                .publishPercentileHistogram()
                .register(registry);
    }

    @Override
    public PasswordHash hash(Password password) {
        return hashing.record(() -> hasher.hash(password));
    }

    @Override
    public boolean verify(Password password, PasswordHash hash) {
        return verifying.record(() -> hasher.verify(password, hash));
    }

    @Override
    public boolean needsRehash(PasswordHash hash) {
        return hasher.needsRehash(hash);
    }
}
