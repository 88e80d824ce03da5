package dev.authservice.bootstrap;

import dev.authservice.adapter.in.web.edge.ConnectionLimits;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.core.annotation.Nullable;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The limits of the connection guards (docs/security.md, "Connections"), checked when the context starts. */
@Factory
class ConnectionLimitsFactory {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionLimitsFactory.class);
    /** HikariCP's, when datasources.default.maximum-pool-size is not set. */
    private static final int DEFAULT_POOL_SIZE = 10;

    @Context
    ConnectionLimits connectionLimits(
            @Property(name = "auth.http.first-request-deadline") Duration firstRequestDeadline,
            @Property(name = "auth.http.request-deadline") Duration requestDeadline,
            @Property(name = "auth.http.keep-alive-timeout") Duration keepAliveTimeout,
            @Property(name = "auth.http.max-connections") @Nullable Integer maxConnections,
            @Property(name = "auth.http.max-connections-per-address") int maxPerAddress,
            @Property(name = "datasources.default.maximum-pool-size") @Nullable Integer poolSize) {
        ConnectionCap cap = ConnectionCap.of(ConnectionCap.fileDescriptorLimitOfThisProcess(),
                poolSize == null ? DEFAULT_POOL_SIZE : poolSize, Runtime.getRuntime().availableProcessors(),
                Optional.ofNullable(maxConnections));
        try {
            ConnectionLimits limits = new ConnectionLimits(firstRequestDeadline, requestDeadline, keepAliveTimeout,
                    cap.maxConnections(), maxPerAddress);
            LOG.info("The API's port takes {}", cap.reason());
            return limits;
        } catch (IllegalArgumentException e) {
            throw new MisconfigurationException("auth.http.first-request-deadline (AUTH_HTTP_FIRST_REQUEST_DEADLINE), "
                    + "auth.http.request-deadline (AUTH_HTTP_REQUEST_DEADLINE), auth.http.keep-alive-timeout "
                    + "(AUTH_HTTP_KEEP_ALIVE_TIMEOUT), auth.http.max-connections (AUTH_HTTP_MAX_CONNECTIONS) and "
                    + "auth.http.max-connections-per-address (AUTH_HTTP_MAX_CONNECTIONS_PER_ADDRESS): "
                    + e.getMessage());
        }
    }
}
