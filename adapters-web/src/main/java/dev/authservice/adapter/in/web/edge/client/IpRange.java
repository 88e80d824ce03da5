package dev.authservice.adapter.in.web.edge.client;

import dev.authservice.domain.network.IpLiteral;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.regex.Pattern;

/** One address, or a CIDR range such as {@code 10.0.0.0/8} or {@code fd00::/8}. */
final class IpRange {

    private static final Pattern PREFIX_LENGTH = Pattern.compile("\\d{1,3}");

    private final byte[] network;
    private final int prefixLength;

    private IpRange(byte[] network, int prefixLength) {
        this.network = network;
        this.prefixLength = prefixLength;
    }

    /**
     * Refuses anything but an address, or a network address and a prefix length: never a host name to look up, and
     * never an address with bits set beyond its prefix ({@code 10.0.0.5/8}), which may have meant a single address.
     */
    static IpRange parse(String text) {
        String[] parts = text.strip().split("/", -1);
        InetAddress address = IpLiteral.parse(parts[0]).orElseThrow(() -> notARange(text));
        int bits = address.getAddress().length * 8;
        if (parts.length == 1) {
            return new IpRange(address.getAddress(), bits);
        }
        if (parts.length != 2 || !PREFIX_LENGTH.matcher(parts[1]).matches() || Integer.parseInt(parts[1]) > bits) {
            throw notARange(text);
        }
        IpRange range = new IpRange(address.getAddress(), Integer.parseInt(parts[1]));
        if (!range.isNetworkAddress()) {
            throw new IllegalArgumentException("not a network address: '" + text + "' has bits set beyond its prefix");
        }
        return range;
    }

    boolean contains(InetAddress address) {
        byte[] candidate = address.getAddress();
        if (candidate.length != network.length) {
            return false;
        }
        int whole = prefixLength / 8;
        int rest = prefixLength % 8;
        if (!Arrays.equals(candidate, 0, whole, network, 0, whole)) {
            return false;
        }
        int mask = (0xff << (8 - rest)) & 0xff;
        return rest == 0 || (candidate[whole] & mask) == (network[whole] & mask);
    }

    /** Whether every bit of {@link #network} beyond the prefix is zero. */
    private boolean isNetworkAddress() {
        for (int bit = prefixLength; bit < network.length * 8; bit++) {
            if ((network[bit / 8] & (0x80 >>> (bit % 8))) != 0) {
                return false;
            }
        }
        return true;
    }

    private static IllegalArgumentException notARange(String text) {
        return new IllegalArgumentException("not an IP address or CIDR range: '" + text + "'");
    }
}
