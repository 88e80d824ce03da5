package dev.authservice.adapter.out.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import me.gosimple.nbvcxz.matching.DictionaryMatcher;
import me.gosimple.nbvcxz.matching.match.DictionaryMatch;
import me.gosimple.nbvcxz.resources.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The secret check reads only the words a text could spell, and finds in it what the whole word lists would. */
class SecretStructureTest {

    private static final Configuration WHOLE_LISTS = SecretStructure.Matchers.with(
            SecretStructure.Matchers.WORD_LISTS.stream().map(SecretStructure.Matchers.WordList::whole).toList());

    static Stream<String> texts() {
        Random random = new Random(20261126);
        Stream<String> made = Stream.of("passwordpasswordpasswordpassword1", "mysecretkeymysecretkeymysecretkey",
                "Password123!Password123!Password123!", "qwertyuiopasdfghjklzxcvbnmqwerty",
                "your-256-bit-secret-your-256-bit-secret", "P4$$w0rdDr0wss4pcorrecthorsebatterystaple",
                "DROWSSAPenilorac1L0V3Y0Uhunter2", "|1|1|1|1|1tr0ub4dor&3correct-horse", "ÄlïcéBöbPässwördé");
        Stream<String> random32Bytes = Stream.generate(() -> {
            byte[] bytes = new byte[32];
            random.nextBytes(bytes);
            return Base64.getEncoder().encodeToString(bytes);
        }).limit(12);
        return Stream.concat(made, random32Bytes);
    }

    @ParameterizedTest
    @MethodSource("texts")
    void theWordsATextCouldSpellAreAllItsDictionaryMatches(String text) {
        assertEquals(dictionaryMatches(WHOLE_LISTS, text),
                dictionaryMatches(SecretStructure.Matchers.forTexts(List.of(text)), text));
    }

    /** Several keys are read with the lists read once: the words the others spell change nothing in this one. */
    @ParameterizedTest
    @MethodSource("texts")
    void theWordsOfOtherTextsChangeNoMatch(String text) {
        assertEquals(dictionaryMatches(WHOLE_LISTS, text),
                dictionaryMatches(SecretStructure.Matchers.forTexts(texts().toList()), text));
    }

    @Test
    void aWordIsSpelledForwardsBackwardsLowerCasedOrInLeet() {
        SecretStructure.Spellings spellings = new SecretStructure.Spellings("xP4$$w0rDx");

        assertTrue(couldSpell(spellings, "password"));
        assertTrue(couldSpell(spellings, "drowssap"));
        assertTrue(couldSpell(spellings, "xp"));
        assertFalse(couldSpell(spellings, "passwords"));
        assertFalse(couldSpell(spellings, "pasword"));
    }

    private static boolean couldSpell(SecretStructure.Spellings spellings, String word) {
        String lines = "words\n" + word + "\nmore";
        return spellings.couldSpell(lines, 6, 6 + word.length());
    }

    private static List<String> dictionaryMatches(Configuration configuration, String text) {
        return new DictionaryMatcher().match(configuration, text).stream().map(DictionaryMatch.class::cast)
                .map(match -> match.getStartIndex() + "-" + match.getEndIndex() + " " + match.getDictionaryValue()
                        + " rank " + match.getRank() + " leet " + match.isLeet() + " reversed " + match.isReversed()
                        + " bits " + match.calculateEntropy())
                .sorted().toList();
    }
}
