package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A provider's mistake stops the whole service's start, naming the keys, rather than waiting for a sign-in. */
class IdentityProvidersStartTest {

    private static final String STAFF = "auth.identity-providers.staff.";

    private static Map<String, Object> staffWith(Map<String, Object> credentials) {
        Map<String, Object> properties = new HashMap<>(Map.of("auth.public-url", "https://auth.example.com",
                STAFF + "issuer", "https://sso.example.com/realms/staff", STAFF + "client-id", "auth-service"));
        properties.putAll(credentials);
        return properties;
    }

    @Test
    void neitherASecretNorAKeyStopsTheStart() {
        assertEquals(STAFF + "client-secret or " + STAFF + "private-key-file must be set",
                OwnService.refusedStart(staffWith(Map.of())).getMessage());
    }

    @Test
    void bothASecretAndAKeyStopTheStart() {
        assertEquals(STAFF + "client-secret and " + STAFF + "private-key-file are both set: set one of them",
                OwnService.refusedStart(staffWith(Map.of(STAFF + "client-secret", "s3cret",
                        STAFF + "private-key-file", "/run/secrets/staff-client-key.pem"))).getMessage());
    }
}
