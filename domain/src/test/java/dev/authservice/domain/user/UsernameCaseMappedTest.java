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
            "ali\u200Bce",       // zero-width space
            "ali\u200Dce",       // zero-width joiner
            "\u202Ealice",       // right-to-left override
            "alice\u2066",       // left-to-right isolate
            "\uFEFFalice",       // byte order mark
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
