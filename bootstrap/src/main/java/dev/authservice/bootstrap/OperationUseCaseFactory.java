package dev.authservice.bootstrap;

import dev.authservice.application.port.in.CheckHealthUseCase;
import dev.authservice.application.port.in.ListAuditEventsUseCase;
import dev.authservice.application.port.in.PublishTokenKeysUseCase;
import dev.authservice.application.port.out.AuditLog;
import dev.authservice.application.port.out.AuditLogReader;
import dev.authservice.application.port.out.PublicTokenKeys;
import dev.authservice.application.port.out.StoreHealth;
import dev.authservice.application.service.CheckHealthService;
import dev.authservice.application.service.ListAuditEventsService;
import dev.authservice.application.service.PublishTokenKeysService;
import dev.authservice.domain.token.TokenPolicy;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;

/**
 * Wires the use cases that operators and other services call: the health check, the published token keys and the
 * audit trail.
 * The services are plain classes, built from the ports the adapters provide and the policies {@link PolicyFactory}
 * reads from the configuration.
 */
@Factory
class OperationUseCaseFactory {

    @Singleton
    CheckHealthUseCase checkHealth(StoreHealth stores) {
        return new CheckHealthService(stores);
    }

    @Singleton
    PublishTokenKeysUseCase publishTokenKeys(PublicTokenKeys keys, TokenPolicy policy) {
        return new PublishTokenKeysService(keys, policy);
    }

    @Singleton
    ListAuditEventsUseCase listAuditEvents(AuditLogReader events) {
        return new ListAuditEventsService(events);
    }
}
