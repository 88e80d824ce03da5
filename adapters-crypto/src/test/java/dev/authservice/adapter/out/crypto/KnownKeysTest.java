package dev.authservice.adapter.out.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The list the build makes: what it holds, found in any reading, and nothing random. */
class KnownKeysTest {

    private static final String HASHED_WORD = "the SHA-256 or SHA-512 of a common password or word";

    /** A password of nbvcxz's list, a word of its English one, a surname, an EFF word, and one of Openwall's only. */
    @ParameterizedTest
    @ValueSource(strings = {"password", "changeme", "secret", "admin", "dragon", "because", "smith", "abacus",
            "7dwarfs"})
    void theHashesOfEveryListsWordsAreKnown(String word) throws Exception {
        for (String algorithm : List.of("SHA-256", "SHA-512")) {
            for (String written : List.of(word, word + "\n")) {
                byte[] hash = MessageDigest.getInstance(algorithm).digest(written.getBytes(UTF_8));

                assertEquals(Optional.of(new KnownKeys.Known(0, HASHED_WORD)), KnownKeys.firstKnown(List.of(hash)),
                        algorithm + " of " + written);
            }
        }
    }

    static Stream<String> publishedKeys() throws IOException {
        return Files.readAllLines(Path.of("src/main/known-keys/published-keys.txt"), UTF_8).stream()
                .filter(line -> !line.isBlank() && !line.startsWith("#"));
    }

    /** Each as it is written and as it decodes, named with where it was published; hashed as the words are. */
    @ParameterizedTest
    @MethodSource("publishedKeys")
    void everyPublishedKeyIsKnownInEachOfItsReadingsWithWhereItWasPublished(String line) throws Exception {
        String key = line.substring(0, line.indexOf(" | "));
        String source = line.substring(line.indexOf(" | ") + 3);

        for (KeyReading reading : KeyReading.of(key)) {
            assertEquals(Optional.of(new KnownKeys.Known(0, "a published key (" + source + ")")),
                    KnownKeys.firstKnown(List.of(reading.bytes())), reading.subject());
        }
        byte[] hash = MessageDigest.getInstance("SHA-256").digest(key.getBytes(UTF_8));
        assertEquals(Optional.of(new KnownKeys.Known(0, HASHED_WORD)), KnownKeys.firstKnown(List.of(hash)));
    }

    @Test
    void randomBytesAreNotKnown() {
        SecureRandom random = new SecureRandom();
        List<byte[]> readings = Stream.generate(() -> {
            byte[] bytes = new byte[32];
            random.nextBytes(bytes);
            return bytes;
        }).limit(10_000).toList();

        assertEquals(Optional.empty(), KnownKeys.firstKnown(readings));
    }

    @Test
    void theFirstKnownReadingIsTheOneNamed() throws Exception {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        byte[] hash = MessageDigest.getInstance("SHA-256").digest("password".getBytes(UTF_8));
        byte[] published = "your-256-bit-secret".getBytes(UTF_8);

        assertEquals(1, KnownKeys.firstKnown(List.of(random, hash, published)).orElseThrow().reading());
        assertEquals(1, KnownKeys.firstKnown(List.of(random, published, hash)).orElseThrow().reading());
    }

    /** Read whole at every start that configures a key: it must stay small (docs/security.md, "Safe defaults"). */
    @Test
    void theListStaysSmall() throws IOException {
        try (InputStream list = KnownKeys.class.getResourceAsStream("known-keys.bin")) {
            long bytes = list.readAllBytes().length;

            assertTrue(bytes > 3_000_000 && bytes < 4_500_000, bytes + " bytes");
        }
    }
}
