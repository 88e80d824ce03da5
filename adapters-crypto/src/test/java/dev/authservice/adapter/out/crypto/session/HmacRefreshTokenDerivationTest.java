package dev.authservice.adapter.out.crypto.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HmacRefreshTokenDerivationTest {

    /** {@code openssl rand -base64 32}. */
    private static final String KEY = "q8Zr1m2Vx0h3cD5P7s9kLwY4tJ6nB1aE8uQ2fG0iR3o=";

    @Test
    void aTokensSuccessorIsTheSameEveryTimeAndForEveryInstanceWithTheKey() {
        String successor = HmacRefreshTokenDerivation.withKey(KEY).successorOf("presented");

        assertEquals(successor, HmacRefreshTokenDerivation.withKey(KEY).successorOf("presented"));
        assertTrue(successor.matches("[A-Za-z0-9_-]{43}"), successor);
    }

    @Test
    void anotherTokenOrAnotherKeyMakesAnotherSuccessor() {
        HmacRefreshTokenDerivation derivation = HmacRefreshTokenDerivation.withKey(KEY);

        assertNotEquals(derivation.successorOf("presented"), derivation.successorOf("presentee"));
        assertNotEquals(derivation.successorOf("presented"),
                HmacRefreshTokenDerivation.withRandomKey().successorOf("presented"));
    }

    @Test
    void aKeyOfFewerThan32BytesOrNotBase64IsRefused() {
        assertEquals("the key must have at least 32 bytes, it has 24", assertThrows(IllegalArgumentException.class,
                () -> HmacRefreshTokenDerivation.withKey("q8Zr1m2Vx0h3cD5P7s9kLwY4tJ6nB1aE")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> HmacRefreshTokenDerivation.withKey("not base64 at all!"));
    }

    @Test
    void itsKeyIsNeverPrinted() {
        assertEquals("HmacRefreshTokenDerivation[****]", HmacRefreshTokenDerivation.withKey(KEY).toString());
    }
}
