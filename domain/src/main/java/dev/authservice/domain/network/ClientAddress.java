package dev.authservice.domain.network;

import dev.authservice.domain.Require;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * The address a request came from, as this service saw it: an IP address, or whatever else the connection named
 * (never looked up as a host name). Kept as given, without control characters, cut to {@link #MAX_LENGTH}.
 */
public record ClientAddress(String value) {

    /** Room for any IPv6 address with a zone; a longer "address" is not one. */
    public static final int MAX_LENGTH = 255;
    private static final int IPV6_NETWORK_BYTES = 8;

    public ClientAddress {
        Objects.requireNonNull(value, "value");
        value = Require.kept(value, MAX_LENGTH);
    }

    /**
     * The client as the login throttle counts it: the address itself, but an IPv6 address by its /64
     * ({@code 2001:db8:0:0:0:0:0:0/64}). One subscriber usually holds a whole /64, and could otherwise take a new
     * address for every guess. An IPv4 address written as IPv6 ({@code ::ffff:192.0.2.1}) is the IPv4 address.
     */
    public String network() {
        String withoutZone = value.split("%", 2)[0];
        Optional<InetAddress> ipv6 = IpLiteral.parse(withoutZone).filter(parsed -> withoutZone.contains(":"));
        if (ipv6.isEmpty()) {
            return value;
        }
        InetAddress address = ipv6.get();
        if (!(address instanceof Inet6Address)) {
            return address.getHostAddress();
        }
        try {
            byte[] network = Arrays.copyOf(address.getAddress(), 16);
            Arrays.fill(network, IPV6_NETWORK_BYTES, network.length, (byte) 0);
            return InetAddress.getByAddress(network).getHostAddress() + "/64";
        } catch (UnknownHostException notAnAddress) {
            return value;
        }
    }

    @Override
    public String toString() {
        return value;
    }
}
