package dev.authservice.adapter.in.web.edge.client;

import dev.authservice.domain.network.IpLiteral;
import java.net.InetAddress;
import java.util.List;
import java.util.Optional;

/**
 * The reverse proxies whose {@code X-Forwarded-For} the service believes ({@code auth.client-address.trusted-proxies}):
 * addresses and CIDR ranges, none by default. Every proxy appends the address it received the request from, so the
 * list is read from its end: the first address that is not a trusted proxy is the client. Whatever comes before it
 * was written by the client and is ignored, or anyone could pick a new login-throttle key for every attempt.
 */
public final class TrustedProxies {

    public static final TrustedProxies NONE = new TrustedProxies(List.of());

    private final List<IpRange> ranges;

    private TrustedProxies(List<IpRange> ranges) {
        this.ranges = ranges;
    }

    /** Throws {@link IllegalArgumentException} naming the first entry that is neither an address nor a CIDR range. */
    public static TrustedProxies of(List<String> entries) {
        return new TrustedProxies(entries.stream().map(IpRange::parse).toList());
    }

    /**
     * The client's address: the {@code peer} of the connection unless it is a trusted proxy, else the nearest address
     * of {@code forwardedFor} (its entries in the order the headers and commas give) that is not one. An entry that is
     * not an IP address ends the walk at the last trusted hop, since nothing before it can be believed.
     */
    String clientAddress(InetAddress peer, List<String> forwardedFor) {
        InetAddress nearest = peer;
        for (int i = forwardedFor.size() - 1; i >= 0 && isTrusted(nearest); i--) {
            Optional<InetAddress> hop = IpLiteral.parse(forwardedFor.get(i).strip());
            if (hop.isEmpty()) {
                break;
            }
            nearest = hop.get();
        }
        return IpLiteral.format(nearest);
    }

    public boolean isTrusted(InetAddress address) {
        return ranges.stream().anyMatch(range -> range.contains(address));
    }
}
