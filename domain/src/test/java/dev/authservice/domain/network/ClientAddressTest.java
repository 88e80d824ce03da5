package dev.authservice.domain.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ClientAddressTest {

    @ParameterizedTest
    @CsvSource({
        "203.0.113.7,                 203.0.113.7",
        "2001:db8:0:0:0:0:0:7,        2001:db8:0:0:0:0:0:0/64",
        "2001:db8::7,                 2001:db8:0:0:0:0:0:0/64",
        "2001:DB8:0:0:ffff:1:2:3,     2001:db8:0:0:0:0:0:0/64",
        "2001:db8:0:1::7,             2001:db8:0:1:0:0:0:0/64",
        "fe80:0:0:0:0:0:0:1%eth0,     fe80:0:0:0:0:0:0:0/64",
        "::ffff:203.0.113.7,          203.0.113.7",
        "::1,                         0:0:0:0:0:0:0:0/64",
        "unix-socket,                 unix-socket",
        "not:an:address:at:all,       not:an:address:at:all",
    })
    void anIpv6ClientIsCountedByItsSlash64AndAnyOtherAsGiven(String address, String network) {
        assertEquals(network, new ClientAddress(address).network());
    }

    @Test
    void anAddressIsKeptAsGivenUpToItsLongestAndCutAfter() {
        String longest = "2001:db8::1%" + "e".repeat(ClientAddress.MAX_LENGTH - 12);

        assertEquals(longest, new ClientAddress(longest).value());
        assertEquals(longest, new ClientAddress(longest + "xyz").value());
        assertEquals("203.0.113.7", new ClientAddress("203.0.113.7").toString());
    }

    @Test
    void anAddressIsRequired() {
        assertThrows(NullPointerException.class, () -> new ClientAddress(null));
    }
}
