package dev.authservice.adapter.in.web.edge;

import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;

/** The bean that bootstrap's wiring gives this module in the service, for its tests' contexts: no other origin. */
@Factory
class TestAllowedOrigins {

    @Singleton
    AllowedOrigins allowedOrigins() {
        return AllowedOrigins.NONE;
    }
}
