package dev.authservice.adapter.in.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micronaut.scheduling.executor.ExecutorConfiguration;
import io.micronaut.scheduling.executor.ExecutorType;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import org.junit.jupiter.api.Test;

/**
 * Unconfigured, the password-hashing pool is fixed at twice the cores, so that one login uses the database while
 * another hashes. (Micronaut builds the executor from this configuration; it hands out a context-propagating wrapper.)
 */
@MicronautTest(startApplication = false)
class PasswordHashingExecutorDefaultsTest {

    @Inject
    @Named(PasswordHashingExecutor.NAME)
    ExecutorConfiguration configuration;

    @Test
    void itIsAFixedPoolOfTwiceTheCores() {
        int expected = 2 * Runtime.getRuntime().availableProcessors();
        assertEquals(ExecutorType.FIXED, configuration.getType());
        assertEquals(expected, configuration.getNumberOfThreads());
    }
}
