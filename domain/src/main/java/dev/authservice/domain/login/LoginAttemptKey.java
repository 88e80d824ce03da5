package dev.authservice.domain.login;

import dev.authservice.domain.user.Username;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Failed logins are counted per username and client address, so that an attacker guessing one account from one
 * address is slowed down without locking the account's owner out from everywhere else. An IPv6 client is counted by
 * its /64: one subscriber usually holds a whole /64, and could otherwise take a new address for every guess.
 */
public record LoginAttemptKey(Username username, String clientAddress) {

    /** What the JDK parses as an IPv6 literal without a name lookup: a hex digit or colon first, and a colon. */
    private static final Pattern IPV6_LITERAL = Pattern.compile("(?=.*:)[0-9A-Fa-f:][0-9A-Fa-f:.]*");
    private static final int IPV6_NETWORK_BYTES = 8;

    /** {@code clientAddress} is kept as given, but an IPv6 address becomes its /64: {@code 2001:db8:0:0:0:0:0:0/64}. */
    public LoginAttemptKey {
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(clientAddress, "clientAddress");
        clientAddress = counted(clientAddress);
    }

    private static String counted(String clientAddress) {
        String withoutZone = clientAddress.split("%", 2)[0];
        if (!IPV6_LITERAL.matcher(withoutZone).matches()) {
            return clientAddress;
        }
        try {
            InetAddress address = InetAddress.getByName(withoutZone);
            if (!(address instanceof Inet6Address)) {
                return address.getHostAddress(); // ::ffff:192.0.2.1 is 192.0.2.1
            }
            byte[] network = Arrays.copyOf(address.getAddress(), 16);
            Arrays.fill(network, IPV6_NETWORK_BYTES, network.length, (byte) 0);
            return InetAddress.getByAddress(network).getHostAddress() + "/64";
        } catch (UnknownHostException notAnAddress) {
            return clientAddress;
        }
    }
}
