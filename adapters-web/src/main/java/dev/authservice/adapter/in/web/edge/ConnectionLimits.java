package dev.authservice.adapter.in.web.edge;

import java.time.Duration;

/**
 * The limits of {@link HttpConnectionGuards}, configured by bootstrap: how long a new connection may wait before its
 * first request begins, how long a request may take to arrive from its first byte to its last, how long a connection
 * may wait for its next request once every one is answered, how many connections the API's port may hold open, and
 * how many of them one client address may hold.
 */
public record ConnectionLimits(Duration firstRequestDeadline, Duration requestDeadline, Duration keepAliveTimeout,
                               int maxConnections, int maxConnectionsPerAddress) {

    public ConnectionLimits {
        requirePositive("first-request deadline", firstRequestDeadline);
        requirePositive("request deadline", requestDeadline);
        requirePositive("keep-alive timeout", keepAliveTimeout);
        if (maxConnections < 1) {
            throw new IllegalArgumentException("at least one connection, not " + maxConnections);
        }
        if (maxConnectionsPerAddress < 1) {
            throw new IllegalArgumentException("at least one connection per address, not " + maxConnectionsPerAddress);
        }
    }

    private static void requirePositive(String name, Duration duration) {
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("the " + name + " must be positive, not " + duration);
        }
    }
}
