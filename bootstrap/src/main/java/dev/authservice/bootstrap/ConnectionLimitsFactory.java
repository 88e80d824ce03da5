package dev.authservice.bootstrap;

import dev.authservice.adapter.in.web.ConnectionLimits;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import java.time.Duration;

/** The limits of the connection guards (docs/security.md, "Connections"), checked when the context starts. */
@Factory
class ConnectionLimitsFactory {

    @Context
    ConnectionLimits connectionLimits(@Property(name = "auth.http.request-deadline") Duration requestDeadline,
                                      @Property(name = "auth.http.max-connections-per-address") int maxPerAddress) {
        try {
            return new ConnectionLimits(requestDeadline, maxPerAddress);
        } catch (IllegalArgumentException e) {
            throw new MisconfigurationException("auth.http.request-deadline (AUTH_HTTP_REQUEST_DEADLINE) and "
                    + "auth.http.max-connections-per-address (AUTH_HTTP_MAX_CONNECTIONS_PER_ADDRESS): " + e.getMessage());
        }
    }
}
