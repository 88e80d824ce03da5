package dev.authservice.bootstrap.http;

import dev.authservice.adapter.in.web.edge.connection.ConnectionLimits;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import dev.authservice.domain.InvalidValueException;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.core.annotation.Nullable;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The limits of the connection guards (docs/security.md, "Connections"), checked when the context starts: one out of
 * its bounds stops the start with one line naming its key ({@link MisconfigurationException}).
 */
@Factory
class ConnectionLimitsFactory {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionLimitsFactory.class);
    /** HikariCP's, when datasources.default.maximum-pool-size is not set. */
    private static final int DEFAULT_POOL_SIZE = 10;

    /** The key, and its environment variable, that sets each limit {@link ConnectionLimits} refuses by its name. */
    private static final Map<String, String> KEYS = Map.of(
            "firstRequestDeadline", "auth.http.first-request-deadline (AUTH_HTTP_FIRST_REQUEST_DEADLINE)",
            "requestDeadline", "auth.http.request-deadline (AUTH_HTTP_REQUEST_DEADLINE)",
            "keepAliveTimeout", "auth.http.keep-alive-timeout (AUTH_HTTP_KEEP_ALIVE_TIMEOUT)",
            "maxConnections", ConnectionCap.KEY,
            "maxConnectionsPerAddress",
            "auth.http.max-connections-per-address (AUTH_HTTP_MAX_CONNECTIONS_PER_ADDRESS)");

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
        } catch (InvalidValueException e) {
            throw new MisconfigurationException(KEYS.get(e.field()) + ": " + e.getMessage());
        }
    }
}
