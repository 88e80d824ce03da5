package dev.authservice.adapter.in.web.edge.hashing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micronaut.scheduling.instrument.InstrumentedExecutorService;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import org.junit.jupiter.api.Test;

/**
 * Unconfigured, the password-hashing pool is fixed at twice the cores, so that one login uses the database while
 * another hashes, and its queue holds 32 requests per core, about a second of hashing.
 */
@MicronautTest(startApplication = false)
class PasswordHashingExecutorDefaultsTest {

    @Inject
    @Named(PasswordHashingExecutor.NAME)
    ExecutorService executor;

    @Test
    void itIsAFixedPoolOfTwiceTheCoresWithAQueueOf32PerCore() {
        int cores = Runtime.getRuntime().availableProcessors();
        // Micronaut hands out its context-propagating wrapper around the pool.
        ThreadPoolExecutor pool = (ThreadPoolExecutor) ((InstrumentedExecutorService) executor).getTarget();
        assertEquals(2 * cores, pool.getCorePoolSize());
        assertEquals(2 * cores, pool.getMaximumPoolSize());
        assertEquals(32 * cores, pool.getQueue().remainingCapacity());
    }
}
