package dev.authservice.domain.network;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An IP address written out: IPv4 in dotted decimal, or IPv6. The JDK parses the text only when it can be nothing
 * else, so that no client address or setting ever becomes a host name to look up.
 */
public final class IpLiteral {

    private static final String OCTET = "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
    private static final Pattern IPV4 = Pattern.compile(OCTET + "(\\." + OCTET + "){3}");
    /** Starts like a literal to the JDK (a hex digit or a colon) and has a colon: parsed as IPv6, never resolved. */
    private static final Pattern IPV6 = Pattern.compile("(?=.*:)[0-9A-Fa-f:][0-9A-Fa-f:.]*");

    private IpLiteral() {
    }

    /**
     * {@code address} as RFC 5952 writes it: IPv4 in dotted decimal; IPv6 in lowercase hex without leading zeros, its
     * longest run of two or more zero groups (the first, of equal ones) as {@code ::}, and its zone, if any, after
     * {@code %}. The JDK writes every group ({@code 0:0:0:0:0:0:0:1}), which no one reads as {@code ::1}.
     */
    public static String format(InetAddress address) {
        if (!(address instanceof Inet6Address ipv6)) {
            return address.getHostAddress();
        }
        String full = ipv6.getHostAddress();
        int zone = full.indexOf('%');
        byte[] bytes = ipv6.getAddress();
        int[] groups = new int[8];
        for (int i = 0; i < groups.length; i++) {
            groups[i] = (bytes[2 * i] & 0xff) << 8 | bytes[2 * i + 1] & 0xff;
        }
        int runStart = -1;
        int runLength = 1; // a single zero group stays 0
        for (int i = 0; i < groups.length; i++) {
            int length = 0;
            while (i + length < groups.length && groups[i + length] == 0) {
                length++;
            }
            if (length > runLength) {
                runStart = i;
                runLength = length;
            }
            i += length;
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < groups.length; i++) {
            if (i == runStart) {
                text.append("::");
                i += runLength - 1;
                continue;
            }
            if (!text.isEmpty() && text.charAt(text.length() - 1) != ':') {
                text.append(':');
            }
            text.append(Integer.toHexString(groups[i]));
        }
        return zone < 0 ? text.toString() : text + full.substring(zone);
    }

    /** The address {@code text} spells; empty for anything else, host names included. */
    public static Optional<InetAddress> parse(String text) {
        if (!IPV4.matcher(text).matches() && !IPV6.matcher(text).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(text));
        } catch (UnknownHostException notAnAddress) {
            return Optional.empty();
        }
    }
}
