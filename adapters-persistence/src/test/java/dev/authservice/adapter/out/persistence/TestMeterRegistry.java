package dev.authservice.adapter.out.persistence;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;

/** The registry that bootstrap's metrics give this module in the service, for its tests' contexts. */
@Factory
class TestMeterRegistry {

    @Singleton
    MeterRegistry meterRegistry() {
        return new SimpleMeterRegistry();
    }
}
