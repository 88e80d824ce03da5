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
    ConnectionLimits connectionLimits(
            @Property(name = "auth.http.first-request-deadline") Duration firstRequestDeadline,
            @Property(name = "auth.http.request-deadline") Duration requestDeadline,
            @Property(name = "auth.http.keep-alive-timeout") Duration keepAliveTimeout,
            @Property(name = "auth.http.max-connections-per-address") int maxPerAddress) {
        try {
            return new ConnectionLimits(firstRequestDeadline, requestDeadline, keepAliveTimeout, maxPerAddress);
        } catch (IllegalArgumentException e) {
            throw new MisconfigurationException("auth.http.first-request-deadline (AUTH_HTTP_FIRST_REQUEST_DEADLINE), "
                    + "auth.http.request-deadline (AUTH_HTTP_REQUEST_DEADLINE), auth.http.keep-alive-timeout "
                    + "(AUTH_HTTP_KEEP_ALIVE_TIMEOUT) and auth.http.max-connections-per-address "
                    + "(AUTH_HTTP_MAX_CONNECTIONS_PER_ADDRESS): " + e.getMessage());
        }
    }
}
