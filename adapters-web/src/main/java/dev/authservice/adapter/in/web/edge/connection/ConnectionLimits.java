package dev.authservice.adapter.in.web.edge.connection;

import dev.authservice.domain.Require;
import java.time.Duration;

/**
 * The limits of {@link HttpConnectionGuards}, configured by bootstrap: how long a new connection may wait before its
 * first request begins, how long a request may take to arrive from its first byte to its last, how long a connection
 * may wait for its next request once every one is answered, how many connections the API's port may hold open, and
 * how many of them one client address may hold. Each connection that waits holds a file descriptor of the cap, so
 * the waits have ceilings.
 */
public record ConnectionLimits(Duration firstRequestDeadline, Duration requestDeadline, Duration keepAliveTimeout,
                               int maxConnections, int maxConnectionsPerAddress) {

    /**
     * A minute, for the first byte of a connection's first request and for a whole request: a request at its largest
     * (a 4 KiB request line, 8 KiB of headers, a 16 KiB body) arrives within it at 4 kbit/s, and a client that opened
     * a connection and has sent no request for a minute holds it without using it.
     */
    private static final Duration MAX_DEADLINE = Duration.ofMinutes(1);

    /**
     * Fifteen minutes for the next request on an idle connection: above the idle timeout of the usual proxies and load
     * balancers in front (60 s for most, 600 s for Google Cloud's), which should close it first; an idle connection
     * kept longer only holds its descriptor.
     */
    private static final Duration MAX_KEEP_ALIVE_TIMEOUT = Duration.ofMinutes(15);

    public ConnectionLimits {
        Require.positive("firstRequestDeadline", firstRequestDeadline, MAX_DEADLINE);
        Require.positive("requestDeadline", requestDeadline, MAX_DEADLINE);
        Require.positive("keepAliveTimeout", keepAliveTimeout, MAX_KEEP_ALIVE_TIMEOUT);
        Require.atLeast("maxConnections", maxConnections, 1);
        Require.atLeast("maxConnectionsPerAddress", maxConnectionsPerAddress, 1);
    }
}
