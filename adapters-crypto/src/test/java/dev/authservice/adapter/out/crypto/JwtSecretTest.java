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

class JwtSecretTest {

    private static final String TEXT = "0123456789abcdef0123456789abcdef";

    @Test
    void aTextSecretIsItsUtf8Bytes() {
        assertArrayEquals(TEXT.getBytes(StandardCharsets.UTF_8), JwtSecret.fromText(TEXT).bytes());
    }

    @Test
    void theMinimumIsCountedInBytesNotCharacters() {
        assertDoesNotThrow(() -> JwtSecret.fromText("ü".repeat(16)));
        assertThrows(IllegalArgumentException.class, () -> JwtSecret.fromText("ü".repeat(15) + "a"));
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
