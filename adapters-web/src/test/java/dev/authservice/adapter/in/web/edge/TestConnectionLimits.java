package dev.authservice.adapter.in.web.edge;

import dev.authservice.adapter.in.web.edge.connection.ConnectionLimits;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import java.time.Duration;

/** The bean that bootstrap's wiring gives this module in the service, for its tests' contexts: the defaults. */
@Factory
class TestConnectionLimits {

    @Singleton
    ConnectionLimits connectionLimits() {
        return new ConnectionLimits(Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(75), 10_000,
                256);
    }
}
