package dev.authservice.domain.network;

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
