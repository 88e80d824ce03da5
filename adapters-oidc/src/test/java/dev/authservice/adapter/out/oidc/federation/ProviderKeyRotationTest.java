package dev.authservice.adapter.out.oidc.federation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.nimbusds.jose.jwk.RSAKey;
import dev.authservice.application.federation.port.out.IdentityProviders.Exchange;
import dev.authservice.domain.federation.IdentityProvider;
import dev.authservice.domain.federation.ProviderName;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The provider's signing keys as they change under a running service: read once and kept while tokens name them, read
 * again when a token names a key that is new, and never trusted for a key the provider does not publish. The provider
 * counts each read of its {@code jwks_uri}.
 */
class ProviderKeyRotationTest {

    private static final ProviderName NAME = new ProviderName("rotating");
    private static final String CLIENT = "auth-service";
    private static final Duration TIMEOUT = Duration.ofSeconds(15);

    private static final RSAKey FIRST = ControlledProvider.newSigningKey();
    private static final RSAKey NEXT = ControlledProvider.newSigningKey();
    private static final RSAKey NEVER_PUBLISHED = ControlledProvider.newSigningKey();
    private ControlledProvider provider;
    private OidcIdentityProviders providers;

    @BeforeEach
    void start() {
        provider = new ControlledProvider(Map.of());
        provider.publish(FIRST);
        providers = new OidcIdentityProviders(List.of(new ProviderSettings(new IdentityProvider(NAME, "Rotating"),
                URI.create(provider.issuer()), CLIENT, new ClientCredentials.Secret("client-secret"), List.of(),
                URI.create("http://localhost:8080/api/identity-providers/rotating/callback"))), TIMEOUT, TIMEOUT);
    }

    @AfterEach
    void stop() {
        provider.close();
    }

    private Exchange signInWithATokenSignedBy(RSAKey key) {
        return provider.signInWith(providers, NAME, CLIENT, key);
    }

    @Test
    void theKeysAreReadOnceForManyTokensAndAgainWhenANewKeySigns() {
        for (int token = 0; token < 5; token++) {
            assertInstanceOf(Exchange.Verified.class, signInWithATokenSignedBy(FIRST));
        }
        assertEquals(1, provider.keySetReads(), "the keys are kept between tokens");

        provider.publish(NEXT, FIRST);
        assertInstanceOf(Exchange.Verified.class, signInWithATokenSignedBy(NEXT));
        assertEquals(2, provider.keySetReads(), "a token of the new key has them read again, once");
        assertInstanceOf(Exchange.Verified.class, signInWithATokenSignedBy(FIRST));
        assertInstanceOf(Exchange.Verified.class, signInWithATokenSignedBy(NEXT));
        assertEquals(2, provider.keySetReads());

        provider.publish(NEXT);
        assertInstanceOf(Exchange.Refused.class, signInWithATokenSignedBy(NEVER_PUBLISHED));
        assertEquals(2, provider.keySetReads(), "keys read twice just now are not read a third time in a row");
    }

    @Test
    void aTokenOfAKeyTheProviderDoesNotPublishIsRefusedAfterTheKeysAreReadAgain() {
        assertInstanceOf(Exchange.Verified.class, signInWithATokenSignedBy(FIRST));

        Exchange forged = signInWithATokenSignedBy(NEVER_PUBLISHED);
        assertInstanceOf(Exchange.Refused.class, forged);
        assertEquals(2, provider.keySetReads(), "the unknown key had the keys read again");

        for (int token = 0; token < 3; token++) {
            assertInstanceOf(Exchange.Refused.class, signInWithATokenSignedBy(NEVER_PUBLISHED));
        }
        assertEquals(2, provider.keySetReads(), "a stream of unknown keys does not read the keys for each");
        assertInstanceOf(Exchange.Verified.class, signInWithATokenSignedBy(FIRST));
    }
}
