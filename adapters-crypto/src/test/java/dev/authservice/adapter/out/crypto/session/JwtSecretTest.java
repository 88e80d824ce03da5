package dev.authservice.adapter.out.crypto.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The HS256 key as configured or made; whether a configured one may be used is {@link ConfiguredKeys}' to judge. */
class JwtSecretTest {

    /** {@code openssl rand -base64 32}. */
    private static final String TEXT = "/sudAfql5vlhYvmj+mFhrHyW9APTxVYys7EiqR9h5xs=";

    private static final SecureRandom RANDOM = new SecureRandom();

    @Test
    void aTextSecretIsItsUtf8Bytes() {
        assertArrayEquals(TEXT.getBytes(StandardCharsets.UTF_8), JwtSecret.fromText(TEXT).bytes());
    }

    @Test
    void theMinimumIsCountedInBytesNotCharacters() {
        String sixteenTwoByteLetters = "üöäßéèêëïîôûçñåø";

        assertEquals("the JWT signing secret must be at least 32 bytes, it has 31",
                refusal(sixteenTwoByteLetters.substring(1) + "a"));
        assertEquals(32, JwtSecret.fromText(sixteenTwoByteLetters).bytes().length);
    }

    @Test
    void aShortOrMissingSecretIsRejectedWithoutEchoingIt() {
        String shortText = "a-secret-of-31-bytes-0123456789";
        String shortRandom = random(32, Base64.getEncoder()::encodeToString).substring(0, 31);
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> JwtSecret.fromText(null));

        assertEquals("the JWT signing secret must be at least 32 bytes, it has 31", refusal(shortText));
        assertEquals("the JWT signing secret must be at least 32 bytes, it has 31", refusal(shortRandom));
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

    private static String refusal(String text) {
        return assertThrows(IllegalArgumentException.class, () -> JwtSecret.fromText(text)).getMessage();
    }

    private static String random(int bytes, Function<byte[], String> encoding) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return encoding.apply(random);
    }
}
