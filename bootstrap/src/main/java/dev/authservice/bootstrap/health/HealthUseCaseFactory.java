package dev.authservice.bootstrap.health;

import dev.authservice.application.health.port.in.CheckHealthUseCase;
import dev.authservice.application.health.port.out.StoreHealth;
import dev.authservice.application.health.service.CheckHealthService;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;

/** Wires the health check that load balancers and orchestrators call. */
@Factory
class HealthUseCaseFactory {

    @Singleton
    CheckHealthUseCase checkHealth(StoreHealth stores) {
        return new CheckHealthService(stores);
    }
}
