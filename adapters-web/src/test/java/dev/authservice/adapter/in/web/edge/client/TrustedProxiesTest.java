package dev.authservice.adapter.in.web.edge.client;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TrustedProxiesTest {

    private static final TrustedProxies PRIVATE_NETWORK = TrustedProxies.of(List.of("10.0.0.0/8", "fd00::/8"));
    private static final String CLIENT = "203.0.113.7";

    @Test
    void withNoTrustedProxyThePeerIsTheClientWhateverTheHeaderSays() {
        assertEquals("10.0.0.5", TrustedProxies.NONE.clientAddress(address("10.0.0.5"), List.of(CLIENT)));
    }

    @Test
    void aTrustedPeerNamesTheClient() {
        assertEquals(CLIENT, PRIVATE_NETWORK.clientAddress(address("10.0.0.5"), List.of(CLIENT)));
    }

    @Test
    void anUntrustedPeerIsTheClientWhateverTheHeaderSays() {
        assertEquals("198.51.100.9", PRIVATE_NETWORK.clientAddress(address("198.51.100.9"), List.of(CLIENT)));
    }

    @Test
    void whatTheClientWroteBeforeTheAddressItWasSeenFromIsIgnored() {
        assertEquals(CLIENT, PRIVATE_NETWORK.clientAddress(address("10.0.0.5"), List.of("198.51.100.1", " " + CLIENT)));
    }

    @Test
    void trustedProxiesInARowAreWalkedPast() {
        TrustedProxies twoTiers = TrustedProxies.of(List.of("10.0.0.0/8", "192.168.0.1"));

        assertEquals(CLIENT, twoTiers.clientAddress(address("192.168.0.1"), List.of("198.51.100.1", CLIENT, "10.1.2.3")));
    }

    @Test
    void aTrustedPeerWithoutTheHeaderIsTheClient() {
        assertEquals("10.0.0.5", PRIVATE_NETWORK.clientAddress(address("10.0.0.5"), List.of()));
    }

    /** A host name is not looked up, and an address with a port is not an address: both end the walk. */
    @ParameterizedTest
    @ValueSource(strings = {"localhost", "unknown", "203.0.113.7:4711", "[2001:db8::7]", "", "1.2.3"})
    void aHopThatIsNotAnAddressEndsTheWalkAtTheLastTrustedOne(String hop) {
        assertEquals("10.1.2.3", PRIVATE_NETWORK.clientAddress(address("10.0.0.5"), List.of(CLIENT, hop, "10.1.2.3")));
    }

    @Test
    void everyHopTrustedLeavesTheFarthest() {
        assertEquals("10.9.9.9", PRIVATE_NETWORK.clientAddress(address("10.0.0.5"), List.of("10.9.9.9", "10.1.2.3")));
    }

    @Test
    void ipv6Hops() {
        assertEquals("2001:db8::7",
                PRIVATE_NETWORK.clientAddress(address("fd00::1"), List.of("2001:db8::7")));
        assertEquals(CLIENT, PRIVATE_NETWORK.clientAddress(address("fd00::1"), List.of("::ffff:" + CLIENT)));
    }

    @Test
    void aRangeEndsAtItsPrefix() {
        TrustedProxies lowerHalf = TrustedProxies.of(List.of("10.0.0.0/9"));

        assertEquals(CLIENT, lowerHalf.clientAddress(address("10.127.255.255"), List.of(CLIENT)));
        assertEquals("10.128.0.0", lowerHalf.clientAddress(address("10.128.0.0"), List.of(CLIENT)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"10.0.0.0/8", "127.0.0.1", "0.0.0.0/0", "::1", "fd00::/8", " 192.168.0.0/16 ", "::/0"})
    void addressesAndRangesAreAccepted(String entry) {
        assertDoesNotThrow(() -> TrustedProxies.of(List.of(entry)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"localhost", "10.0.0.0/33", "10.0.0.0/", "10.0.0.0/8/8", "256.1.1.1", "", "::1/129",
            "10.0.0.0/-1", "10.0.0.0/0x8", "10.0.0"})
    void anythingElseIsRefusedByName(String entry) {
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> TrustedProxies.of(List.of("10.0.0.0/8", entry)));

        assertEquals("not an IP address or CIDR range: '" + entry + "'", refused.getMessage());
    }

    @Test
    void aRangeWithBitsSetBeyondItsPrefixIsRefused() {
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> TrustedProxies.of(List.of("10.0.0.5/8")));

        assertEquals("not a network address: '10.0.0.5/8' has bits set beyond its prefix", refused.getMessage());
    }

    static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
