package dev.authservice.domain.login;

import dev.authservice.domain.IpLiteral;
import dev.authservice.domain.user.Username;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * Failed logins are counted per username and client address, so that an attacker guessing one account from one
 * address is slowed down without locking the account's owner out from everywhere else. An IPv6 client is counted by
 * its /64: one subscriber usually holds a whole /64, and could otherwise take a new address for every guess.
 */
public record LoginAttemptKey(Username username, String clientAddress) {

    private static final int IPV6_NETWORK_BYTES = 8;

    /** {@code clientAddress} is kept as given, but an IPv6 address becomes its /64: {@code 2001:db8:0:0:0:0:0:0/64}. */
    public LoginAttemptKey {
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(clientAddress, "clientAddress");
        clientAddress = counted(clientAddress);
    }

    private static String counted(String clientAddress) {
        String withoutZone = clientAddress.split("%", 2)[0];
        Optional<InetAddress> ipv6 = IpLiteral.parse(withoutZone).filter(parsed -> withoutZone.contains(":"));
        if (ipv6.isEmpty()) {
            return clientAddress;
        }
        InetAddress address = ipv6.get();
        if (!(address instanceof Inet6Address)) {
            return address.getHostAddress(); // ::ffff:192.0.2.1 is 192.0.2.1
        }
        try {
            byte[] network = Arrays.copyOf(address.getAddress(), 16);
            Arrays.fill(network, IPV6_NETWORK_BYTES, network.length, (byte) 0);
            return InetAddress.getByAddress(network).getHostAddress() + "/64";
        } catch (UnknownHostException notAnAddress) {
            return clientAddress;
        }
    }
}
