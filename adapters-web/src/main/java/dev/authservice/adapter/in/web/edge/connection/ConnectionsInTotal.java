package dev.authservice.adapter.in.web.edge.connection;

import io.netty.channel.Channel;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * At most so many open connections on the API's port, whatever their addresses, so that many clients together cannot
 * take the file descriptors the database pool, the management port and the JVM need: a connection over the cap is
 * closed at once, before it has cost more than its descriptor for a moment.
 */
final class ConnectionsInTotal {

    private final int cap;
    private final AtomicInteger open = new AtomicInteger();

    ConnectionsInTotal(int cap) {
        this.cap = cap;
    }

    /** Counts {@code channel} until it closes and returns true, or false if {@code cap} are open already. */
    boolean admit(Channel channel) {
        if (open.incrementAndGet() > cap) {
            open.decrementAndGet();
            return false;
        }
        channel.closeFuture().addListener(closed -> open.decrementAndGet());
        return true;
    }

    int open() {
        return open.get();
    }
}
