package dev.authservice.benchmarks.service;

import dev.authservice.adapter.out.crypto.user.Argon2idPasswordHasher;
import dev.authservice.benchmarks.load.ClosedLoop;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordHash;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The physical ceiling of logins: Argon2id verifications per second with the service's own hasher and parameters
 * ({@link Argon2idPasswordHasher}'s defaults, as the service wires it), on as many threads as there are cores, no HTTP.
 * Each of those threads is a {@link ClosedLoop} virtual client, so the rate is counted the same way as the logins'.
 */
public final class HashRun {

    private final Argon2idPasswordHasher hasher = new Argon2idPasswordHasher();
    private final Password password = new Password(DemoUser.PASSWORD);
    private final PasswordHash hash = hasher.hash(password);
    private final List<ClosedLoop.VirtualClient> threads;

    public HashRun() {
        threads = new ArrayList<>(Collections.nCopies(Runtime.getRuntime().availableProcessors(), () -> {
            if (!hasher.verify(password, hash)) {
                throw new IllegalStateException("the hash of the password does not verify");
            }
            return true;
        }));
    }

    public ClosedLoop.Run run(Duration duration) throws InterruptedException {
        return ClosedLoop.run(threads, duration);
    }
}
