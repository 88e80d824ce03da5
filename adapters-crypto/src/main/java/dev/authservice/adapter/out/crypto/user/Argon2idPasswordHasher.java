package dev.authservice.adapter.out.crypto.user;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.sun.jna.Memory;
import de.mkammerer.argon2.jna.Argon2Library;
import de.mkammerer.argon2.jna.Argon2_context;
import de.mkammerer.argon2.jna.Argon2_version;
import de.mkammerer.argon2.jna.JnaUint32;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordHash;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Argon2id (RFC 9106) through the reference C implementation that argon2-jvm bundles, called with a context of its
 * own so that each hashing thread keeps its memory from one hash to the next ({@link ReusableArgon2Memory}). A hash is
 * a PHC string, {@code $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>}, with a fresh 16-byte salt and a 32-byte hash.
 * Each call costs {@code memoryKiB} of native memory and tens of milliseconds of CPU, on purpose. Thread-safe.
 */
public final class Argon2idPasswordHasher implements PasswordHasher {

    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;
    /**
     * A hashing thread that has had nothing to do for this long ends, and gives its memory back: while logins keep
     * coming the blocks stay mapped, and a quiet service does not hold 19 MiB per core for nothing.
     */
    static final Duration IDLE_THREAD_LIFETIME = Duration.ofSeconds(2);
    static final int ARGON2_OK = Argon2Library.ARGON2_OK;
    static final int ARGON2_MEMORY_ALLOCATION_ERROR = -22;

    private final Argon2Library argon2 = Argon2Library.INSTANCE;
    private final SecureRandom random = new SecureRandom();
    private final ReusableArgon2Memory memory = new ReusableArgon2Memory();
    private final Argon2Parameters parameters;
    /**
     * Each hash holds {@code memoryKiB} of native memory for its whole run. Without a bound, a burst of logins would
     * take memory in proportion to the burst; with it, extra logins wait their turn, in order. The hashes run on these
     * few threads of their own, not on the callers', and each thread keeps one block while it lives: at most
     * {@code maxConcurrentHashes} blocks, whatever the number of request threads.
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
        ThreadPoolExecutor pool = new ThreadPoolExecutor(maxConcurrentHashes, maxConcurrentHashes,
                IDLE_THREAD_LIFETIME.toMillis(), TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), task -> {
                    Thread thread = new Thread(() -> {
                        try {
                            task.run();
                        } finally {
                            memory.releaseThisThreadsBlock();
                        }
                    }, "argon2id-" + threads.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
        pool.allowCoreThreadTimeOut(true);
        this.hashing = pool;
    }

    @Override
    public PasswordHash hash(Password password) {
        byte[] salt = new byte[SALT_BYTES];
        random.nextBytes(salt);
        byte[] hash = new byte[HASH_BYTES];
        int result = run(password, parameters, salt, hash, null);
        if (result != ARGON2_OK) {
            throw new IllegalStateException("Argon2id failed: " + argon2.argon2_error_message(result));
        }
        return new PasswordHash(new Argon2idPhcString(parameters, salt, hash).encoded());
    }

    /**
     * Verifies with the parameters recorded in {@code hash}, not the current ones. libargon2 compares in constant
     * time, and a hash it cannot use (malformed, another algorithm) is a mismatch, not an error; only a lack of
     * memory is an error.
     */
    @Override
    public boolean verify(Password password, PasswordHash hash) {
        Optional<Argon2idPhcString> stored = Argon2idPhcString.parse(hash.encoded());
        if (stored.isEmpty()) {
            return false;
        }
        Argon2idPhcString expected = stored.get();
        int result = run(password, expected.parameters(), expected.salt(), new byte[expected.hash().length],
                expected.hash());
        if (result == ARGON2_MEMORY_ALLOCATION_ERROR) {
            throw new IllegalStateException("Argon2id failed: " + argon2.argon2_error_message(result));
        }
        return result == ARGON2_OK;
    }

    /**
     * Hashes {@code password} into {@code output} on a hashing thread, or, given {@code expected}, compares the result
     * with it; returns libargon2's result code. The password's bytes live in native memory for the call only, and are
     * wiped after it (the String inside {@link Password} cannot be).
     */
    private int run(Password password, Argon2Parameters cost, byte[] salt, byte[] output, byte[] expected) {
        byte[] bytes = password.value().getBytes(UTF_8);
        try (Memory passwordMemory = nativeCopy(bytes);
             Memory saltMemory = nativeCopy(salt);
             Memory outputMemory = new Memory(output.length)) {
            Argon2_context.ByReference context = new Argon2_context.ByReference();
            context.out = outputMemory;
            context.outlen = new JnaUint32(output.length);
            context.pwd = passwordMemory;
            context.pwdlen = new JnaUint32(bytes.length);
            context.salt = saltMemory;
            context.saltlen = new JnaUint32(salt.length);
            context.secretlen = new JnaUint32(0);
            context.adlen = new JnaUint32(0);
            context.t_cost = new JnaUint32(cost.iterations());
            context.m_cost = new JnaUint32(cost.memoryKiB());
            context.lanes = new JnaUint32(cost.parallelism());
            context.threads = new JnaUint32(cost.parallelism());
            context.version = new Argon2_version(Argon2idPhcString.VERSION);
            context.allocate_cbk = memory.allocateCallback();
            context.free_cbk = memory.releaseCallback();
            context.flags = new JnaUint32(0);
            try {
                return onHashingThread(() -> {
                    int result = expected == null ? argon2.argon2id_ctx(context)
                            : argon2.argon2id_verify_ctx(context, expected);
                    outputMemory.read(0, output, 0, output.length);
                    return result;
                });
            } finally {
                passwordMemory.clear();
            }
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
    }

    private static Memory nativeCopy(byte[] bytes) {
        Memory copy = new Memory(Math.max(1, bytes.length));
        copy.write(0, bytes, 0, bytes.length);
        return copy;
    }

    /**
     * Runs {@code work} on a hashing thread and waits for it. The wait is uninterruptible, as the work cannot be
     * stopped once started and the native memory it reads must outlive it; an interrupt is kept for the caller.
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
        return Argon2idPhcString.parse(hash.encoded())
                .map(stored -> !stored.parameters().equals(parameters))
                .orElse(true);
    }
}
