package dev.authservice.adapter.in.web.edge.hashing;

import io.micronaut.context.annotation.Bean;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Named;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The requests that wait for a password hash (log in, change a password, create a user) run on threads of their own.
 * A hash takes tens of milliseconds, and only as many run at once as there are cores: on the shared blocking
 * executor, a flood of logins (unknown usernames cost a hash too) would hold every thread while it waits its turn,
 * and refresh, log out and the health check would queue behind it. Here a flood queues behind itself, in a bounded
 * queue: a request that finds it full is refused at once ({@link PasswordHashingBusy}, 503 with Retry-After) rather
 * than waiting behind seconds of hashing, which its client would have given up on, while each queued request holds
 * memory. The default pool has twice as many threads as cores, so that one login does its database work while
 * another hashes; the default queue holds 32 requests per core, about a second of hashing at ~35 ms a hash.
 */
@Factory
public class PasswordHashingExecutor {

    public static final String NAME = "password-hashing";
    static final String THREADS = "auth.password-hashing.threads";
    static final String QUEUE_CAPACITY = "auth.password-hashing.queue-capacity";

    /** Built with the context, so that a bad setting stops the start instead of the first login. */
    @Context
    @Named(NAME)
    @Bean(preDestroy = "shutdown")
    ExecutorService passwordHashing(@Property(name = THREADS) @Nullable Integer threads,
                                    @Property(name = QUEUE_CAPACITY) @Nullable Integer queueCapacity) {
        int cores = Runtime.getRuntime().availableProcessors();
        int poolSize = positive(THREADS, threads == null ? 2 * cores : threads);
        int capacity = positive(QUEUE_CAPACITY, queueCapacity == null ? 32 * cores : queueCapacity);
        return new ThreadPoolExecutor(poolSize, poolSize, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(capacity), namedThreads(), (request, executor) -> {
                    throw new PasswordHashingBusy();
                });
    }

    private static int positive(String key, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(key + " must be at least 1, not " + value);
        }
        return value;
    }

    /** Named like Micronaut's own executors' threads, so that a thread dump shows which pool a login is on. */
    private static ThreadFactory namedThreads() {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, NAME + "-executor-thread-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
