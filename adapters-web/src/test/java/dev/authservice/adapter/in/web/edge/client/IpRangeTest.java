package dev.authservice.adapter.in.web.edge.client;

import static dev.authservice.adapter.in.web.edge.client.TrustedProxiesTest.address;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IpRangeTest {

    /** One range per kind of prefix length: none, within a byte, on a byte's edge, across bytes, the whole address. */
    @ParameterizedTest
    @CsvSource({
        "0.0.0.0/0,        255.255.255.255, ::1",
        "128.0.0.0/1,      128.0.0.1,       127.255.255.255",
        "10.0.0.0/7,       11.255.255.255,  12.0.0.0",
        "10.0.0.0/7,       10.0.0.0,        9.255.255.255",
        "10.0.0.0/8,       10.255.255.255,  11.0.0.0",
        "172.16.0.0/12,    172.31.255.255,  172.32.0.0",
        "192.168.1.0/31,   192.168.1.1,     192.168.1.2",
        "192.168.1.1/32,   192.168.1.1,     192.168.1.0",
        "192.168.1.1,      192.168.1.1,     192.168.1.2",
        "::/0,             2001:db8::1,     10.0.0.1",
        "fc00::/7,         fdff::1,         fe00::",
        "2001:db8::/127,   2001:db8::1,     2001:db8::2",
        "::1/128,          ::1,             ::2",
    })
    void aRangeHoldsTheAddressesOfItsPrefixAndNoOther(String range, String inside, String outside) {
        IpRange parsed = IpRange.parse(range);

        assertTrue(parsed.contains(address(inside)), inside);
        assertFalse(parsed.contains(address(outside)), outside);
    }
}
