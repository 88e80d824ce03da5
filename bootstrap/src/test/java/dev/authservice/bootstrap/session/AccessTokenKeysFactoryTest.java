package dev.authservice.bootstrap.session;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.adapter.out.crypto.session.JwtAccessTokenCodec;
import dev.authservice.adapter.out.crypto.session.JwtPublicKeys;
import dev.authservice.bootstrap.configuration.KeyConfiguration;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import java.time.Clock;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A missing secret stops the start with how to make one (a configured one is judged: {@link KeyConfiguration}); a
 * verified-token cache too small or too large for the heap, with its bounds.
 */
class AccessTokenKeysFactoryTest {

    @Test
    void aMissingSecretOutsideDevelopmentIsRefusedWithHowToMakeOne() {
        String refusal = assertThrows(MisconfigurationException.class,
                () -> AccessTokenKeysFactory.secret(Optional.empty(), false)).getMessage();

        assertEquals("auth.jwt.secret (AUTH_JWT_SECRET) is required outside the dev and test environments; make one"
                + " with: openssl rand -base64 32", refusal);
    }

    @Test
    void aVerifiedTokenCacheBeyondItsCeilingOrBelowItsFloorIsRefusedByItsKey() {
        AccessTokenKeysFactory.AccessTokenKeys keys = new AccessTokenKeysFactory.AccessTokenKeys(
                new JwtAccessTokenCodec(AccessTokenKeysFactory.secret(Optional.empty(), true)), JwtPublicKeys.ofSecret());
        AccessTokenKeysFactory factory = new AccessTokenKeysFactory();

        assertEquals("auth.jwt.verified-token-cache-size (AUTH_JWT_VERIFIED_TOKEN_CACHE_SIZE): maximumSize must be at"
                + " most 16384, was 2000000000", assertThrows(MisconfigurationException.class,
                () -> factory.accessTokenCodec(keys, 2_000_000_000, Clock.systemUTC())).getMessage());
        assertEquals("auth.jwt.verified-token-cache-size (AUTH_JWT_VERIFIED_TOKEN_CACHE_SIZE): maximumSize must be at"
                + " least 1, was 0", assertThrows(MisconfigurationException.class,
                () -> factory.accessTokenCodec(keys, 0, Clock.systemUTC())).getMessage());
        assertDoesNotThrow(() -> factory.accessTokenCodec(keys, 16_384, Clock.systemUTC()));
    }
}
