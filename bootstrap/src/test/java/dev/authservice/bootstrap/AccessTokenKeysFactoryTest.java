package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** A refused or missing secret stops the start with how to make a good one. */
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
}
