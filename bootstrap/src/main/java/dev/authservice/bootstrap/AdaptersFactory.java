package dev.authservice.bootstrap;

import dev.authservice.adapter.out.crypto.SecureRandomSource;
import dev.authservice.application.shared.port.out.RandomSource;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * The outbound adapters every capability uses, plain classes without a framework to register them: the clock every
 * use case reads the time from, and the random source of every secret.
 */
@Factory
class AdaptersFactory {

    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }

    @Singleton
    RandomSource randomSource() {
        return new SecureRandomSource();
    }
}
