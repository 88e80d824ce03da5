package dev.authservice.adapter.in.web;

import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.executor.ExecutorConfiguration;
import io.micronaut.scheduling.executor.ExecutorType;
import io.micronaut.scheduling.executor.UserExecutorConfiguration;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

/**
 * The requests that wait for a password hash (log in, change a password, create a user) run on threads of their own.
 * A hash takes tens of milliseconds, and only as many run at once as there are cores: on the shared blocking
 * executor, a flood of logins (unknown usernames cost a hash too) would hold every thread while it waits its turn,
 * and refresh, log out and the health check would queue behind it. Here a flood queues behind itself. The default
 * pool has twice as many threads as cores, so that one login does its database work while another hashes; an
 * operator can set {@code micronaut.executors.password-hashing} instead, with {@code type: fixed} beside
 * {@code n-threads} (Micronaut's default type for a configured executor is a scheduled pool).
 */
@Factory
class PasswordHashingExecutor {

    static final String NAME = "password-hashing";

    @Singleton
    @Named(NAME)
    @Requires(missingProperty = "micronaut.executors." + NAME)
    ExecutorConfiguration passwordHashing() {
        return UserExecutorConfiguration.of(NAME, ExecutorType.FIXED);
    }
}
