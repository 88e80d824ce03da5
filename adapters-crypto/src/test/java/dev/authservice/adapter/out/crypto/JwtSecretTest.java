package dev.authservice.adapter.out.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JwtSecretTest {

    private static final String TEXT = "kO3v9ZqP1xWm7Ls2Hd8Rt4Yc6Nb0Ja5E";

    @Test
    void aTextSecretIsItsUtf8Bytes() {
        assertArrayEquals(TEXT.getBytes(StandardCharsets.UTF_8), JwtSecret.fromText(TEXT).bytes());
    }

    @Test
    void theMinimumIsCountedInBytesNotCharacters() {
        String sixteenTwoByteLetters = "üöäßéèêëïîôûçñåø";

        assertDoesNotThrow(() -> JwtSecret.fromText(sixteenTwoByteLetters));
        assertThrows(IllegalArgumentException.class,
                () -> JwtSecret.fromText(sixteenTwoByteLetters.substring(1) + "a"));
    }

    @Test
    void aShortOrMissingSecretIsRejectedWithoutEchoingIt() {
        String shortText = "a-secret-of-31-bytes-0123456789";
        IllegalArgumentException tooShort = assertThrows(IllegalArgumentException.class,
                () -> JwtSecret.fromText(shortText));
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> JwtSecret.fromText(null));

        assertEquals("the JWT signing secret must be at least 32 bytes, it has 31", tooShort.getMessage());
        assertEquals("the JWT signing secret is missing", missing.getMessage());
    }

    /** Long enough, and no more guessable than their first few bytes. */
    @ParameterizedTest
    @ValueSource(strings = {
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "                                ",
            "changemechangemechangemechangeme",
            "0123456789abcdef0123456789abcdef",
            "abcdefghijklmnopqrstuvwxyz012345",
            "zyxwvutsrqponmlkjihgfedcbaZYXWVU",
            "acegikmoqsuwyACEGIKMOQSUWY024680",
            "passwordpasswordpasswordpassword"})
    void anObviouslyGuessableSecretIsRefusedWithTheReason(String guessable) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> JwtSecret.fromText(guessable));

        assertTrue(refused.getMessage().startsWith("the JWT signing secret is not random: "), refused.getMessage());
        assertFalse(refused.getMessage().contains(guessable), "the secret is not echoed");
    }

    @Test
    void theReasonSaysWhatIsMissing() {
        assertEquals("the JWT signing secret is not random: it has 1 different bytes, at least 8 are required",
                assertThrows(IllegalArgumentException.class, () -> JwtSecret.fromText("a".repeat(32))).getMessage());
        assertEquals("the JWT signing secret is not random: it is a sequence or a short pattern repeated (2 different"
                        + " steps from one byte to the next, at least 8 are required)",
                assertThrows(IllegalArgumentException.class,
                        () -> JwtSecret.fromText("abcdefghijklmnopqrstuvwxyz012345")).getMessage());
    }

    /** What the documentation suggests, and what people paste: random text in any of the usual alphabets. */
    @ParameterizedTest
    @ValueSource(strings = {
            "c2a1f0e9b8d7a6c5f4e3d2b1a0f9e8d7",
            "Jx0r9kQ2mZ7vW4pL8sT1yN6bH3gF5dC0aE2uR7iO9qK4xM1nB8vZ3wY6tS5pL0j=",
            "three lazy otters juggle seventeen violins"})
    void aRandomOrPassphraseSecretIsAccepted(String random) {
        assertDoesNotThrow(() -> JwtSecret.fromText(random));
    }

    @Test
    void generatedSecretsAreLongEnoughAndDiffer() {
        JwtSecret one = JwtSecret.generate();
        JwtSecret other = JwtSecret.generate();

        assertEquals(JwtSecret.MIN_BYTES, one.bytes().length);
        assertNotEquals(one.keyId(), other.keyId());
    }

    @Test
    void theKeyIdIsStableShortAndNotTheSecret() {
        String keyId = JwtSecret.fromText(TEXT).keyId();

        assertEquals(keyId, JwtSecret.fromText(TEXT).keyId());
        assertTrue(keyId.matches("[A-Za-z0-9_-]{11}"), keyId);
        assertFalse(TEXT.contains(keyId));
    }

    @Test
    void toStringHidesTheSecret() {
        assertEquals("JwtSecret[****]", JwtSecret.fromText(TEXT).toString());
    }
}
