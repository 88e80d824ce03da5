package dev.authservice.bootstrap.session;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.adapter.out.crypto.session.JwtAccessTokenCodec;
import dev.authservice.adapter.out.crypto.session.JwtPublicKeys;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import java.time.Clock;
import org.junit.jupiter.api.Test;


/**
 * A refused or missing secret stops the start with how to make a good one; a verified-token cache too small or too
 * large for the heap, with its bounds.
 */
class AccessTokenKeysFactoryTest {

    @Test
    void aGuessableSecretIsRefusedWithWhyAndHowToMakeOne() {
        String refusal = assertThrows(MisconfigurationException.class,
                () -> AccessTokenKeysFactory.secret("passwordpasswordpasswordpassword1", true)).getMessage();

        assertEquals("auth.jwt.secret (AUTH_JWT_SECRET) is refused: the JWT signing secret is not random: its 33"
                + " characters, letters of one case and digits, carry at most 170 bits, at least 256 are required; it"
                + " is built from the dictionary word 'password' (4 times), worth about 9 bits where random characters"
                + " would carry 170; make one with: openssl rand -base64 32", refusal);
    }

    @Test
    void aMissingSecretOutsideDevelopmentIsRefusedWithHowToMakeOne() {
        String refusal = assertThrows(MisconfigurationException.class,
                () -> AccessTokenKeysFactory.secret(null, false)).getMessage();

        assertEquals("auth.jwt.secret (AUTH_JWT_SECRET) is required outside the dev and test environments; make one"
                + " with: openssl rand -base64 32", refusal);
    }

    @Test
    void aVerifiedTokenCacheBeyondItsCeilingOrBelowItsFloorIsRefusedByItsKey() {
        AccessTokenKeysFactory.AccessTokenKeys keys = new AccessTokenKeysFactory.AccessTokenKeys(
                new JwtAccessTokenCodec(AccessTokenKeysFactory.secret(null, true)), JwtPublicKeys.ofSecret());
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
