package dev.authservice.adapter.out.crypto.session;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;


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
        assertEquals("the JWT signing secret is not random: its 16 characters, printable ASCII or other characters,"
                + " carry at most 105 bits, at least 256 are required", refusal(sixteenTwoByteLetters),
                "32 bytes are long enough, 16 letters too few to be random");
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

    /** Guessable secrets that were accepted for their length and variety; each refusal says what was found. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "passwordpasswordpasswordpassword1 | its 33 characters, letters of one case and digits, carry at most 170"
                    + " bits, at least 256 are required; it is built from the dictionary word 'password' (4 times),"
                    + " worth about 9 bits where random characters would carry 170",
            "mysecretkeymysecretkeymysecretkey | its 33 characters, letters of one case and digits, carry at most 170"
                    + " bits, at least 256 are required; it is built from 2 dictionary words ('mysecret', 'key') and"
                    + " a repeated part, worth about 31 bits where random characters would carry 170",
            "Password123!Password123!Password123! | its 36 characters, printable ASCII or other characters, carry at"
                    + " most 236 bits, at least 256 are required; it is built from the dictionary word 'password', a"
                    + " sequence and a repeated part, worth about 16 bits where random characters would carry 236",
            "qwertyuiopasdfghjklzxcvbnmqwerty | its 32 characters, letters of one case and digits, carry at most 165"
                    + " bits, at least 256 are required; it is built from 4 dictionary words ('qwertyuiop',"
                    + " 'asdfghjkl', 'zxcvbnm', ...), worth about 20 bits where random characters would carry 165",
            "your-256-bit-secret-your-256-bit-secret | its 39 characters, the base64 alphabet, carry at most 234"
                    + " bits, at least 256 are required; it is built from 3 dictionary words ('your', 'bit',"
                    + " 'secret'), a keyboard run and a repeated part, worth about 52 bits where random characters"
                    + " would carry 234"})
    void aGuessableSecretIsRefusedWithWhatWasFoundInIt(String guessable, String reason) {
        assertEquals("the JWT signing secret is not random: " + reason, refusal(guessable));
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
        String refusal = refusal(guessable);

        assertTrue(refusal.startsWith("the JWT signing secret is not random: "), refusal);
        assertFalse(refusal.contains(guessable), "the secret is not echoed: " + refusal);
    }

    /** Long enough to carry 256 bits, but made of what a guesser tries first. */
    @ParameterizedTest
    @ValueSource(strings = {
            "passwordpasswordpasswordpasswordpasswordpasswordpassword1",
            "your-256-bit-secret-your-256-bit-secret-your-256-bit-secret",
            "three lazy otters juggle seventeen violins",
            "correct horse battery staple correct horse battery staple",
            "ThisIsMyVerySecretSigningKeyForTheAuthServiceInProduction2024",
            "qwertyuiopasdfghjklzxcvbnmqwertyuiopasdfghjklzxcvbnm",
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
            "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
            "deadbeefcafebabedeadbeefcafebabedeadbeefcafebabedeadbeefcafebabe",
            "x7Kq9#mZx7Kq9#mZx7Kq9#mZx7Kq9#mZx7Kq9#mZx7Kq9#mZ",
            "test-secret-that-is-at-least-32-bytes-long!",
            "                                                                "})
    void aSecretBuiltFromWordsRunsOrRepeatsIsRefusedWhateverItsLength(String guessable) {
        String refusal = refusal(guessable);

        assertTrue(refusal.startsWith("the JWT signing secret is not random: it is built from "), refusal);
        assertFalse(refusal.contains(guessable), "the secret is not echoed: " + refusal);
    }

    @Test
    void aPartOfRandomTextRepeatedIsNamedWithoutTheText() {
        assertEquals("the JWT signing secret is not random: it is built from a repeated part, worth about 58 bits"
                + " where random characters would carry 315", refusal("x7Kq9#mZ".repeat(6)));
    }

    /** Too few characters for their alphabet to carry 256 bits, though each looks random. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "42 | the base64 alphabet          | 252",
            "63 | hexadecimal digits           | 252",
            "42 | hexadecimal digits           | 168",
            "77 | decimal digits               | 255",
            "49 | letters of one case and digits | 253"})
    void aRandomSecretTooShortForItsAlphabetIsRefused(int characters, String alphabet, int bits) {
        String text = randomText(characters, alphabet);

        assertEquals("the JWT signing secret is not random: its " + characters + " characters, " + alphabet
                + ", carry at most " + bits + " bits, at least 256 are required", refusal(text));
    }

    @Test
    void theShortestRandomSecretsOfEachAlphabetAreAccepted() {
        assertAll(
                () -> assertDoesNotThrow(() -> JwtSecret.fromText(randomText(43, "the base64 alphabet")), "258 bits"),
                () -> assertDoesNotThrow(() -> JwtSecret.fromText(randomText(64, "hexadecimal digits")), "256 bits"),
                () -> assertDoesNotThrow(() -> JwtSecret.fromText(randomText(78, "decimal digits")), "259 bits"),
                () -> assertDoesNotThrow(() -> JwtSecret.fromText(randomText(50, "letters of one case and digits")),
                        "258 bits"));
    }

    /** Base64's padding carries nothing: 43 characters and a '=' are 258 bits, 42 and two '=' are 252. */
    @Test
    void base64PaddingIsNotCounted() {
        String random = random(32, Base64.getEncoder()::encodeToString);

        assertDoesNotThrow(() -> JwtSecret.fromText(random));
        assertTrue(refusal(random.substring(0, 42) + "==").contains("its 42 characters, the base64 alphabet"));
    }

    /**
     * What the documentation and the refusal suggest, and the other usual ways to make a secret, made afresh on every
     * run: none may be refused. Chance words and runs are common in random text; they must not count against it.
     */
    @ParameterizedTest
    @ValueSource(strings = {"base64 32", "base64 48", "base64url 32", "base64url 48", "hex 32", "hex 48"})
    void freshlyMadeRandomSecretsAreAllAccepted(String kind) {
        String[] encodingAndBytes = kind.split(" ");
        Function<byte[], String> encoding = switch (encodingAndBytes[0]) {
            case "base64" -> Base64.getEncoder()::encodeToString;
            case "base64url" -> Base64.getUrlEncoder().withoutPadding()::encodeToString;
            default -> HexFormat.of()::formatHex;
        };
        int bytes = Integer.parseInt(encodingAndBytes[1]);

        IntStream.range(0, 50).mapToObj(i -> random(bytes, encoding)).forEach(secret ->
                assertDoesNotThrow(() -> JwtSecret.fromText(secret), secret));
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

    /** {@code characters} drawn at random from the alphabet {@link SecretAlphabet} describes so. */
    private static String randomText(int characters, String alphabet) {
        String symbols = switch (alphabet) {
            case "decimal digits" -> "0123456789";
            case "hexadecimal digits" -> "0123456789abcdef";
            case "letters of one case and digits" -> "0123456789abcdefghijklmnopqrstuvwxyz";
            case "the base64 alphabet" -> "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
            default -> throw new IllegalArgumentException(alphabet);
        };
        return RANDOM.ints(characters, 0, symbols.length()).mapToObj(symbols::charAt)
                .collect(StringBuilder::new, StringBuilder::append, StringBuilder::append).toString();
    }
}
