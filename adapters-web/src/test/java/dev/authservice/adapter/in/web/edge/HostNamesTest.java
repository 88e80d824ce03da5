package dev.authservice.adapter.in.web.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HostNamesTest {

    private static final HostNames NAMES = HostNames.of(List.of("Auth.Example", "127.0.0.1", "[::1]", "auth_service"));

    @ParameterizedTest
    @ValueSource(strings = {"auth.example", "AUTH.EXAMPLE:8443", "auth.example:", "127.0.0.1:8080", "[::1]:8080",
            "auth_service:8080"})
    void aHostHeaderOfAConfiguredNameIsAdmittedOnAnyPort(String host) {
        assertTrue(NAMES.admits(host));
    }

    @ParameterizedTest
    @ValueSource(strings = {"evil.example", "auth.example.evil.example", "evil.auth.example", "auth.example.",
            "127.0.0.2", "[::2]", "::1", "auth.example:port", "user@auth.example", "auth.example/path", ""})
    void anythingElseIsNot(String host) {
        assertFalse(NAMES.admits(host));
    }

    @Test
    void noneConfiguredIsAny() {
        assertTrue(HostNames.ANY.isAny());
        assertFalse(NAMES.isAny());
    }

    @ParameterizedTest
    @ValueSource(strings = {"auth.example:8080", "https://auth.example", "::1", "*.example", ""})
    void anEntryThatIsNotAHostNameIsRefusedByName(String entry) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> HostNames.of(List.of("localhost", entry)));
        assertEquals("'" + entry + "' is not a host name: write a name or an address as a URL does, without scheme or "
                + "port ([::1] for IPv6)", refused.getMessage());
    }

    @Test
    void anEmptyListIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> HostNames.of(List.of()));
    }
}
