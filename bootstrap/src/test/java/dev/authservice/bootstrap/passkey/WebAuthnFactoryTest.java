package dev.authservice.bootstrap.passkey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.bootstrap.configuration.MisconfigurationException;
import dev.authservice.domain.passkey.RelyingParty;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WebAuthnFactoryTest {

    @Test
    void inDevelopmentTheRelyingPartyIsTheServiceOnLocalhost() {
        assertEquals(new RelyingParty("localhost", "auth-service", Set.of("http://localhost:8080")),
                WebAuthnFactory.relyingParty(null, "auth-service", null, 8080, true));
        assertEquals(Set.of("http://localhost"),
                WebAuthnFactory.relyingParty(null, "auth-service", null, -1, true).origins());
    }

    @Test
    void aConfiguredRelyingPartyIsTakenAsItIs() {
        assertEquals(new RelyingParty("example.com", "Example", Set.of("https://app.example.com",
                        "https://example.com:8443")),
                WebAuthnFactory.relyingParty("example.com", "Example",
                        List.of("https://app.example.com", "https://example.com:8443"), 8080, false));
    }

    @Test
    void elsewhereNothingIsGuessed() {
        for (String id : new String[] {null, "example.com"}) {
            String refusal = assertThrows(MisconfigurationException.class, () -> WebAuthnFactory.relyingParty(id,
                    "auth-service", null, 8080, false)).getMessage();
            assertTrue(refusal.contains("auth.webauthn.rp-id (AUTH_WEBAUTHN_RP_ID)"), refusal);
        }
        assertThrows(MisconfigurationException.class, () -> WebAuthnFactory.relyingParty(null, "auth-service",
                List.of("https://app.example.com"), 8080, false));
    }

    @ParameterizedTest
    @ValueSource(strings = {"app.example.com", "ftp://example.com", "https://example.com/path",
        "https://example.com?x", "https://user@example.com", "https://"})
    void anOriginIsASchemeAHostAndAPort(String origin) {
        String refusal = assertThrows(MisconfigurationException.class, () -> WebAuthnFactory.relyingParty(
                "example.com", "auth-service", List.of(origin), 8080, false)).getMessage();
        assertTrue(refusal.contains(origin), refusal);
    }
}
