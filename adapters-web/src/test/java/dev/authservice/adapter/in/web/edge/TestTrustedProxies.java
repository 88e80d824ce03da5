package dev.authservice.adapter.in.web.edge;

import dev.authservice.adapter.in.web.edge.client.TrustedProxies;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;

/** The bean that bootstrap's wiring gives this module in the service, for its tests' contexts: no trusted proxy. */
@Factory
class TestTrustedProxies {

    @Singleton
    TrustedProxies trustedProxies() {
        return TrustedProxies.NONE;
    }
}
