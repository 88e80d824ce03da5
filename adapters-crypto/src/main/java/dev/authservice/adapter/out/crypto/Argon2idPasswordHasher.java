package dev.authservice.adapter.out.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;

import de.mkammerer.argon2.Argon2;
import de.mkammerer.argon2.Argon2Factory;
import de.mkammerer.argon2.Argon2Factory.Argon2Types;
import dev.authservice.application.port.out.PasswordHasher;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordHash;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Argon2id (RFC 9106) through the reference C implementation that argon2-jvm bundles. A hash is a PHC string,
 * {@code $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>}, with a fresh 16-byte salt and a 32-byte hash.
 * Each call costs {@code memoryKiB} of native memory and tens of milliseconds of CPU, on purpose. Thread-safe.
 */
public final class Argon2idPasswordHasher implements PasswordHasher {

    private final Argon2 argon2 = Argon2Factory.create(Argon2Types.ARGON2id);
    private final Argon2Parameters parameters;
    /**
     * Each hash holds {@code memoryKiB} of native memory for its whole run. Without a bound, a burst of logins would
     * take memory in proportion to the burst; with it, extra logins wait their turn, in order. The hashes run on these
     * few threads of their own, not on the callers': the C code mallocs its memory, and glibc keeps a freed block in
     * the arena of the thread that freed it (one arena per thread, up to 8 per core), so hashing on every request
     * thread would leave up to 16 x 19 MiB resident on 2 cores (docs/benchmarks, "Memory"). On
     * {@code maxConcurrentHashes} threads it is at most that many blocks.
     */
    private final ExecutorService hashing;

    /** A hasher with {@link Argon2Parameters#OWASP_RECOMMENDED}, running as many hashes at once as there are cores. */
    public Argon2idPasswordHasher() {
        this(Argon2Parameters.OWASP_RECOMMENDED, Runtime.getRuntime().availableProcessors());
    }

    public Argon2idPasswordHasher(Argon2Parameters parameters, int maxConcurrentHashes) {
        this.parameters = Objects.requireNonNull(parameters, "parameters");
        if (maxConcurrentHashes < 1) {
            throw new IllegalArgumentException("maxConcurrentHashes must be at least 1");
        }
        AtomicInteger threads = new AtomicInteger();
        this.hashing = Executors.newFixedThreadPool(maxConcurrentHashes, task -> {
            Thread thread = new Thread(task, "argon2id-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    public PasswordHash hash(Password password) {
        // The String inside Password cannot be wiped; the copy handed to the native code can, and is.
        char[] chars = password.value().toCharArray();
        try {
            return new PasswordHash(onHashingThread(() -> argon2.hash(parameters.iterations(),
                    parameters.memoryKiB(), parameters.parallelism(), chars, UTF_8)));
        } finally {
            argon2.wipeArray(chars);
        }
    }

    /**
     * Verifies with the parameters recorded in {@code hash}, not the current ones. The native comparison runs in
     * constant time, and a hash it cannot decode (malformed, another algorithm) is a mismatch, not an error.
     */
    @Override
    public boolean verify(Password password, PasswordHash hash) {
        char[] chars = password.value().toCharArray();
        try {
            return onHashingThread(() -> argon2.verify(hash.encoded(), chars, UTF_8));
        } finally {
            argon2.wipeArray(chars);
        }
    }

    /**
     * Runs {@code work} on a hashing thread and waits for it. The wait is uninterruptible, as the work cannot be
     * stopped once started and {@code chars} must outlive it; an interrupt is kept for the caller.
     */
    private <T> T onHashingThread(Callable<T> work) {
        Future<T> result = hashing.submit(work);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return result.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException unchecked) {
                        throw unchecked;
                    }
                    if (e.getCause() instanceof Error error) {
                        throw error;
                    }
                    throw new IllegalStateException(e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Compares the parameters recorded in {@code hash} with the current ones; a hash it cannot read needs one too. */
    @Override
    public boolean needsRehash(PasswordHash hash) {
        try {
            return argon2.needsRehash(hash.encoded(), parameters.iterations(), parameters.memoryKiB(),
                    parameters.parallelism());
        } catch (IllegalArgumentException unreadable) {
            return true;
        }
    }
}
