package dev.authservice.adapter.in.web.edge.connection;

import dev.authservice.adapter.in.web.edge.client.TrustedProxies;
import io.netty.channel.Channel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * At most so many open connections from one client address (an IPv6 client by its /64, as the login throttle counts
 * it), so that one client cannot take every place {@link ConnectionsInTotal} leaves; the connection over the limit is
 * closed at once.
 * Trusted proxies are not counted: every client behind them shares their address.
 */
final class ConnectionsPerAddress {

    private final int limit;
    private final TrustedProxies trustedProxies;
    private final Map<String, Integer> open = new ConcurrentHashMap<>();

    ConnectionsPerAddress(int limit, TrustedProxies trustedProxies) {
        this.limit = limit;
        this.trustedProxies = trustedProxies;
    }

    /** Counts {@code channel} until it closes and returns true, or false if its address has {@code limit} open. */
    boolean admit(Channel channel) {
        SocketAddress remote = channel.remoteAddress();
        if (!(remote instanceof InetSocketAddress socket) || socket.getAddress() == null
                || trustedProxies.isTrusted(socket.getAddress())) {
            return true;
        }
        String key = keyOf(socket.getAddress());
        if (open.merge(key, 1, Integer::sum) > limit) {
            release(key);
            return false;
        }
        channel.closeFuture().addListener(closed -> release(key));
        return true;
    }

    private void release(String key) {
        open.computeIfPresent(key, (address, count) -> count == 1 ? null : count - 1);
    }

    private static String keyOf(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length == 4) {
            return address.getHostAddress();
        }
        try {
            return InetAddress.getByAddress(Arrays.copyOf(Arrays.copyOf(bytes, 8), 16)).getHostAddress() + "/64";
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e); // never: 16 bytes are an IPv6 address
        }
    }
}
