package dev.authservice.adapter.in.web;

import java.time.Duration;

/**
 * How long a request may take to arrive, from its first byte to its last, and how many connections one client address
 * may hold open: the limits of {@link HttpConnectionGuards}, configured by bootstrap.
 */
public record ConnectionLimits(Duration requestDeadline, int maxConnectionsPerAddress) {

    public ConnectionLimits {
        if (requestDeadline.isNegative() || requestDeadline.isZero()) {
            throw new IllegalArgumentException("the request deadline must be positive, not " + requestDeadline);
        }
        if (maxConnectionsPerAddress < 1) {
            throw new IllegalArgumentException("at least one connection per address, not " + maxConnectionsPerAddress);
        }
    }
}
