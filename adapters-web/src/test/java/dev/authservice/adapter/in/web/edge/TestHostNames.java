package dev.authservice.adapter.in.web.edge;

import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;

/** The bean that bootstrap's wiring gives this module in the service, for its tests' contexts: any host name. */
@Factory
class TestHostNames {

    @Singleton
    HostNames hostNames() {
        return HostNames.ANY;
    }
}
