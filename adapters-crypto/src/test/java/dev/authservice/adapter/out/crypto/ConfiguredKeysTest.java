package dev.authservice.adapter.out.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Every configured key is judged alike: known to anyone, not random, or another key's, it is refused. */
class ConfiguredKeysTest {

    private static final String KEY = "the key";
    private static final String HASHED_WORD = "the SHA-256 or SHA-512 of a common password or word";
    private static final SecureRandom RANDOM = new SecureRandom();

    /** Random-looking as text, but the hash of a word anyone tries first, as {@code sha256sum} writes it. */
    @ParameterizedTest
    @ValueSource(strings = {"password", "secret", "admin", "changeme", "auth-service"})
    void theSha256OfACommonWordInHexIsRefused(String word) {
        String hex = HexFormat.of().formatHex(hash("SHA-256", word));

        assertEquals("its hex-decoding is " + HASHED_WORD, refusal(hex));
        assertEquals("its hex-decoding is " + HASHED_WORD, refusal(hex.toUpperCase()));
    }

    @Test
    void theHashOfACommonWordIsRefusedHoweverItIsWritten() {
        assertAll(
                () -> assertEquals("its base64-decoding is " + HASHED_WORD,
                        refusal(Base64.getEncoder().encodeToString(hash("SHA-256", "password"))), "base64"),
                () -> assertEquals("its base64-decoding is " + HASHED_WORD,
                        refusal(Base64.getUrlEncoder().withoutPadding().encodeToString(hash("SHA-256", "password"))),
                        "base64url"),
                () -> assertEquals("its hex-decoding is " + HASHED_WORD,
                        refusal(HexFormat.of().formatHex(hash("SHA-256", "password\n"))), "echo | sha256sum"),
                () -> assertEquals("its hex-decoding is " + HASHED_WORD,
                        refusal(HexFormat.of().formatHex(hash("SHA-512", "admin"))), "sha512sum"),
                () -> assertEquals("its base64-decoding is " + HASHED_WORD,
                        refusal(Base64.getEncoder().encodeToString(hash("SHA-512", "changeme"))), "SHA-512 in base64"));
    }

    /** Copied from tutorials and specifications into real deployments; each refusal says where it was published. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "404E635266556A586E3272357538782F413F4428472B4B6250645367566B5970 | it is a published key (the Spring Boot"
                    + " 3 JWT tutorial ali-bouali/spring-boot-3-jwt-security, application.yml)",
            "5367566B59703373367639792F423F4528482B4D6251655468576D5A71347437 | it is a published key (the Spring Boot"
                    + " 3 JWT tutorial Java-Techie-jt/spring-boot3-jwt, JwtService.java)",
            "hJtXIZ2uSN5kbQfbtTNWbpdmhkV8FJG-Onbc6mxCcYg                      | it is a published key (RFC 7520 (JOSE"
                    + " examples), section 3.5)",
            "hJtXIZ2uSN5kbQfbtTNWbpdmhkV8FJG+Onbc6mxCcYg=                     | its base64-decoding is a published key"
                    + " (RFC 7520 (JOSE examples), section 3.5)"})
    void aPublishedKeyIsRefusedWithWhereItWasPublished(String published, String reason) {
        assertEquals(reason, refusal(published));
    }

    /** Base64 hides a phrase's repeats and words from the text's own reading; decoded, the phrase is judged. */
    @Test
    void anEncodedPhraseIsJudgedAsThePhrase() {
        String phrase = "thisismysecretkeythisismysecretkey";

        String refusal = refusal(Base64.getEncoder().encodeToString(phrase.getBytes(UTF_8)));

        assertTrue(refusal.startsWith("its base64-decoding is not random: it is built from "), refusal);
    }

    /**
     * Random bytes that happen to be text, as 32 of them are about once in 10^10: only their structure is judged, so
     * what the refusals suggest passes whatever bytes it drew. These decode to 32 random printable characters.
     */
    @Test
    void decodedTextIsJudgedByItsStructureAlone() {
        assertDoesNotThrow(() -> judge("MiZHdHRNLmwlNWw3d1tFJXZue01RW2crc3JkeS41d2Y="));
    }

    @Test
    void zeroBytesAreRefused() {
        assertTrue(refusal(Base64.getEncoder().encodeToString(new byte[32])).startsWith("it is not random: "));
        assertTrue(refusal(HexFormat.of().formatHex(new byte[32])).startsWith("it is not random: "));
    }

    @Test
    void oneKeyInTwoPlacesIsRefusedNamingBoth() {
        String key = random(32, Base64.getEncoder()::encodeToString);
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("the signing secret", random(32, Base64.getEncoder()::encodeToString));
        keys.put("the sealing key", key);
        keys.put("the grace key", key);

        assertEquals("the grace key is refused: it is the same key as the sealing key, and each key must be its own",
                assertThrows(IllegalArgumentException.class, () -> ConfiguredKeys.judge(keys)).getMessage());
    }

    /** Hex and base64 of the same bytes, or the standard and URL-safe alphabets, are one key. */
    @Test
    void theSameBytesWrittenTwoWaysAreOneKey() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("the sealing key", Base64.getEncoder().encodeToString(bytes));
        keys.put("the grace key", HexFormat.of().formatHex(bytes));

        assertEquals("the grace key is refused: it is the same key as the sealing key, and each key must be its own",
                assertThrows(IllegalArgumentException.class, () -> ConfiguredKeys.judge(keys)).getMessage());
    }

    @Test
    void keysOfTheirOwnArePassed() {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("the signing secret", random(48, Base64.getEncoder()::encodeToString));
        keys.put("the sealing key", random(32, Base64.getEncoder()::encodeToString));
        keys.put("an earlier sealing key", random(32, Base64.getUrlEncoder()::encodeToString));
        keys.put("the grace key", random(32, HexFormat.of()::formatHex));

        assertDoesNotThrow(() -> ConfiguredKeys.judge(keys));
    }

    @Test
    void sixteenLettersOfTwoBytesAreLongButNotRandom() {
        assertEquals("it is not random: its 16 characters, printable ASCII or other characters, carry at most 105"
                + " bits, at least 256 are required", refusal("üöäßéèêëïîôûçñåø"));
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
        assertEquals("it is not random: " + reason, refusal(guessable));
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

        assertTrue(refusal.startsWith("it is not random: "), refusal);
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

        assertTrue(refusal.startsWith("it is not random: it is built from "), refusal);
        assertFalse(refusal.contains(guessable), "the secret is not echoed: " + refusal);
    }

    @Test
    void aPartOfRandomTextRepeatedIsNamedWithoutTheText() {
        assertEquals("it is not random: it is built from a repeated part, worth about 58 bits"
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

        assertEquals("it is not random: its " + characters + " characters, " + alphabet
                + ", carry at most " + bits + " bits, at least 256 are required", refusal(text));
    }

    @Test
    void theShortestRandomSecretsOfEachAlphabetAreAccepted() {
        assertAll(
                () -> assertDoesNotThrow(() -> judge(randomText(43, "the base64 alphabet")), "258 bits"),
                () -> assertDoesNotThrow(() -> judge(randomText(64, "hexadecimal digits")), "256 bits"),
                () -> assertDoesNotThrow(() -> judge(randomText(78, "decimal digits")), "259 bits"),
                () -> assertDoesNotThrow(() -> judge(randomText(50, "letters of one case and digits")),
                        "258 bits"));
    }

    /** Base64's padding carries nothing: 43 characters and a '=' are 258 bits, 42 and two '=' are 252. */
    @Test
    void base64PaddingIsNotCounted() {
        String random = random(32, Base64.getEncoder()::encodeToString);

        assertDoesNotThrow(() -> judge(random));
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
                assertDoesNotThrow(() -> judge(secret), secret));
    }

    private static void judge(String text) {
        ConfiguredKeys.judge(Map.of(KEY, text));
    }

    /** Why {@code text} is refused, which never repeats it. */
    private static String refusal(String text) {
        String refusal = assertThrows(IllegalArgumentException.class, () -> judge(text)).getMessage();
        assertTrue(refusal.startsWith(KEY + " is refused: "), refusal);
        assertFalse(refusal.contains(text), "the key is not echoed: " + refusal);
        return refusal.substring((KEY + " is refused: ").length());
    }

    private static byte[] hash(String algorithm, String text) {
        try {
            return MessageDigest.getInstance(algorithm).digest(text.getBytes(UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
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
