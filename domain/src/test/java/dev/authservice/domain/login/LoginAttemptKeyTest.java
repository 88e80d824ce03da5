package dev.authservice.domain.login;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.user.Username;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LoginAttemptKeyTest {

    private static final Username ALICE = new Username("alice");

    @ParameterizedTest
    @CsvSource({"2001:db8::1, 2001:db8::ffff:ffff:ffff:ffff", "203.0.113.7, 203.0.113.7"})
    void addressesOfOneNetworkAreOneKey(String one, String other) {
        assertEquals(LoginAttemptKey.of(ALICE, new ClientAddress(one)), LoginAttemptKey.of(ALICE, new ClientAddress(other)));
    }

    @Test
    void anotherUsernameOrAnotherNetworkIsAnotherKey() {
        ClientAddress client = new ClientAddress("203.0.113.7");

        assertNotEquals(LoginAttemptKey.of(ALICE, client), LoginAttemptKey.of(new Username("bob"), client));
        assertNotEquals(LoginAttemptKey.of(ALICE, client), LoginAttemptKey.of(ALICE, new ClientAddress("203.0.113.8")));
    }
}
