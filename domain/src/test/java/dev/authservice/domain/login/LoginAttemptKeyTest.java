package dev.authservice.domain.login;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.domain.user.Username;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LoginAttemptKeyTest {

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
    void anIpv6ClientIsCountedByItsSlash64AndAnyOtherAsGiven(String clientAddress, String counted) {
        assertEquals(counted, new LoginAttemptKey(new Username("alice"), clientAddress).clientAddress());
    }

    @ParameterizedTest
    @CsvSource({"2001:db8::1, 2001:db8::ffff:ffff:ffff:ffff", "203.0.113.7, 203.0.113.7"})
    void addressesOfOneSlash64AreOneKey(String one, String other) {
        Username alice = new Username("alice");

        assertEquals(new LoginAttemptKey(alice, one), new LoginAttemptKey(alice, other));
    }
}
