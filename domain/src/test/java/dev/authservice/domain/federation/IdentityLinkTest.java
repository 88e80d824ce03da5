package dev.authservice.domain.federation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.Sha256;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class IdentityLinkTest {

    private static final IdentityLink LINK = new IdentityLink(new IdentityLinkId(UUID.randomUUID()),
            new UserId(UUID.randomUUID()), new ProviderName("keycloak"),
            new ExternalIdentity("https://idp.example/realms/a", "248289761001"), Instant.EPOCH);

    @Test
    void aLinkIsRemovableWhileAPasswordOrAnotherLinkStays() {
        assertTrue(LINK.removableWith(true, 1));
        assertTrue(LINK.removableWith(false, 2));
        assertFalse(LINK.removableWith(false, 1));
    }

    @Test
    void anIdentityIsAnHttpIssuerAndABoundedSubject() {
        assertThrows(InvalidValueException.class, () -> new ExternalIdentity("idp.example", "s"));
        assertThrows(InvalidValueException.class, () -> new ExternalIdentity("https://idp.example", ""));
        assertThrows(InvalidValueException.class, () -> new ExternalIdentity("https://idp.example",
                "s".repeat(ExternalIdentity.MAX_LENGTH + 1)));
        assertEquals("s", new ExternalIdentity("http://127.0.0.1:8080/default", "s").subject());
    }

    @Test
    void aProviderNameIsAPathSegment() {
        assertEquals("entra-id", new ProviderName("entra-id").value());
        for (String bad : new String[] {"", "Keycloak", "-a", "a/b", "a".repeat(ProviderName.MAX_LENGTH + 1)}) {
            assertThrows(InvalidValueException.class, () -> new ProviderName(bad), bad);
        }
    }

    @Test
    void aPresentedStateOrBindingIsHashedOnlyWhenItCouldBeOne() {
        assertEquals(Optional.empty(), AuthorizationStateHash.ofPresented(""));
        assertEquals(Optional.empty(), AuthorizationStateHash.ofPresented(null));
        assertEquals(Optional.empty(), BrowserBinding.ofPresented("x".repeat(Sha256.MAX_PRESENTED_LENGTH + 1)));
        assertEquals(Optional.of(AuthorizationStateHash.of("s")), AuthorizationStateHash.ofPresented("s"));
        assertTrue(BrowserBinding.of("b").matches(BrowserBinding.ofPresented("b").orElseThrow()));
    }
}
