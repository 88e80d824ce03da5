package dev.authservice.domain.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.InvalidValueException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class UsernameCaseMappedTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
            "Alice, alice",
            "ALICE, alice",
            "ａｌｉｃｅ, alice",           // fullwidth
            "ＡＬＩＣＥ, alice",           // fullwidth capitals
            "ﾊﾟｽ, パス",                  // halfwidth katakana, its sound mark composed by NFC
            "Ze\u0301lie, zélie",         // decomposed e and acute, composed by NFC
            "ΟΔΥΣΣΕΥΣ, οδυσσευς",         // Greek: the final sigma
            "bob.smith@example.com, bob.smith@example.com",
            "Straße, straße",
            "Иван, иван",
            "やまだ太郎, やまだ太郎",
            "김민준, 김민준",
            "محمد, محمد",
            "שרה2, שרה2",
            "Col·legi, col·legi",   // the Catalan middle dot, between two l
            "محمد١, محمد١"})          // an Arabic-Indic digit
    void aNameIsStoredAndComparedInOneForm(String raw, String enforced) {
        assertEquals(enforced, UsernameCaseMapped.enforce(raw));
    }

    @ParameterizedTest
    @ValueSource(strings = {"alice", "ＡＬＩＣＥ", "Ze\u0301lie", "ΟΔΥΣΣΕΥΣ", "ﾊﾟｽ", "\u0130stanbul"})
    void enforcingTwiceChangesNothing(String raw) {
        String once = UsernameCaseMapped.enforce(raw);

        assertEquals(once, UsernameCaseMapped.enforce(once));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "alice ",            // a trailing space
            "ali ce",
            "ali\u3000ce",       // an ideographic space, mapped to a space
            "ali\u00A0ce",       // a no-break space
            "alice\u2603",       // a symbol
            "\uFB01ona",         // the fi ligature: compatibility character
            "alice\u00B2",       // superscript two
            "alice\u00B7",       // a middle dot not between two l
            "\u0661\u06F1",      // Arabic-Indic and extended Arabic-Indic digits mixed
            "\uE000alice"})      // private use
    void aNameWithSpacesInvisibleOrSymbolCharactersIsRefused(String raw) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> UsernameCaseMapped.enforce(raw));

        assertEquals("username", e.field());
        assertTrue(e.getMessage().startsWith("username must hold only letters, digits and printable ASCII"),
                e.getMessage());
    }

    /** Default_Ignorable_Code_Point: marks among them, the variation selectors, are letters to PRECIS. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "bob\uFE0F, FE0F",               // variation selector 16 (emoji presentation)
            "b\uFE00ob, FE00",               // variation selector 1
            "bob\uDB40\uDD00, E0100",        // variation selector 17
            "b\u034Fob, 034F",               // combining grapheme joiner
            "\u1780\u17B4, 17B4",            // a Khmer letter and an inherent vowel
            "\u1820\u180B, 180B",            // a Mongolian letter and a free variation selector
            "ali\u00ADce, 00AD",             // soft hyphen
            "ali\u200Bce, 200B",             // zero-width space
            "ali\u200Dce, 200D",             // zero-width joiner
            "\u202Ealice, 202E",             // right-to-left override
            "alice\u2066, 2066",             // left-to-right isolate
            "\uFEFFalice, FEFF",             // byte order mark
            "\uAC00\u3164, 3164",            // a Hangul syllable and the Hangul filler
            "bob\uDB40\uDC62, E0062"})       // a tag character
    void aNameWithAnInvisibleCharacterIsRefused(String raw, String codePoint) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> UsernameCaseMapped.enforce(raw));

        assertEquals("username", e.field());
        assertEquals("username must not hold invisible characters, such as U+" + codePoint, e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"\u0430lice", "p\u0430ypal", "\u0391lice"}) // Cyrillic a, Cyrillic a, Greek capital alpha
    void aNameMixingScriptsIsRefused(String raw) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> UsernameCaseMapped.enforce(raw));

        assertTrue(e.getMessage().startsWith("username must be written in one script"), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"محمدa", "1محمد", "محمد1\u0661"}) // a left-to-right letter; a leading digit; two kinds of digit
    void aRightToLeftNameBreakingTheBidiRuleIsRefused(String raw) {
        assertThrows(InvalidValueException.class, () -> UsernameCaseMapped.enforce(raw));
    }
}
