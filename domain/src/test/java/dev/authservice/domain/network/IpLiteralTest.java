package dev.authservice.domain.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetAddress;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IpLiteralTest {

    /** RFC 5952, section 4, and its examples. */
    @ParameterizedTest
    @CsvSource({
        "0:0:0:0:0:0:0:1,                  ::1",
        "0:0:0:0:0:0:0:0,                  ::",
        "2001:0DB8:0000:0000:0000:0000:0000:0001, 2001:db8::1",
        "2001:db8:0:0:1:0:0:1,             2001:db8::1:0:0:1",
        "2001:db8:0:1:1:1:1:1,             2001:db8:0:1:1:1:1:1",
        "2001:0:0:1:0:0:0:1,               2001:0:0:1::1",
        "2001:db8:0:0:0:0:2:1,             2001:db8::2:1",
        "fe80:0:0:0:0:0:0:0,               fe80::",
        "1:0:0:2:0:0:3:4,                  1::2:0:0:3:4",
        "::ffff:192.0.2.1,                 192.0.2.1",
        "192.0.2.1,                        192.0.2.1",
    })
    void anAddressIsWrittenAsRfc5952Says(String given, String written) {
        assertEquals(written, IpLiteral.format(IpLiteral.parse(given).orElseThrow()));
    }

    @ParameterizedTest
    @CsvSource({"fe80:0:0:0:0:0:0:1%1, fe80::1%1"})
    void aZoneStays(String given, String written) throws Exception {
        assertEquals(written, IpLiteral.format(InetAddress.getByName(given)));
    }
}
