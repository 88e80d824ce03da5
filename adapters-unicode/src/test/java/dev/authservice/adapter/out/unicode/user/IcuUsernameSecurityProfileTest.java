package dev.authservice.adapter.out.unicode.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UProperty;
import dev.authservice.application.user.port.out.UsernameSecurityProfile;
import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.user.Username;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IcuUsernameSecurityProfileTest {

    private final UsernameSecurityProfile profile = new IcuUsernameSecurityProfile();

    @ParameterizedTest
    @ValueSource(strings = {"alice", "bob", "bob.smith@example.com", "a+b!#$%&*/=?^_`{|}~", "zo\u00EB", "m\u00FCller",
            "stra\u00DFe", "\u0142ukasz", "l\u00B7l", "\u03B4\u03B7\u03BC\u03AE\u03C4\u03C1\u03B7\u03C2",
            "\u0438\u0432\u0430\u043D", "\u305F\u306A\u304B", "\uAE40\uCCA0\uC218", "\u0645\u062D\u0645\u062F",
            "\u05D3\u05D5\u05D3", "\u738B\u5C0F\u660E", "\u0930\u093E\u092E", "\u0E2A\u0E21\u0E0A\u0E32\u0E22"})
    void namesOfTheLettersOfTheWorldsScriptsAndPrintableAsciiPass(String name) {
        assertEquals(Optional.empty(), profile.problemWith(new Username(name)));
    }

    /** Small capital B, turned i, Latin alpha, dental click, tone six, a with a dot above, m with a dot above. */
    @ParameterizedTest
    @ValueSource(strings = {"\u0299ob", "al\u1D09ce", "\u0251lice", "a\u01C0ice", "\u0185o\u0185", "\u0227lice",
            "\u1E41ary"})
    void aCharacterUnicodeRestrictsInIdentifiersIsNamed(String name) {
        assertEquals(Optional.of(String.format("username must not hold U+%04X, a character Unicode restricts in"
                + " identifiers (UTS #39)", name.codePoints().filter(cp -> cp > 0x7F).findFirst().orElseThrow())),
                profile.problemWith(new Username(name)));
    }

    /** {@code ALİCE} lower-cased, i and j, a dotless i, l, and i with a dot below between it and the dot above. */
    @ParameterizedTest
    @ValueSource(strings = {"AL\u0130CE", "ali\u0307ce", "j\u0307ohn", "al\u0131\u0307ce", "l\u0307ee",
            "ki\u0323\u0307m"})
    void aDotAboveOnALetterThatShowsOneIsRefused(String name) {
        assertEquals(Optional.of("username must not put a dot above (U+0307) on a letter that shows a dot already,"
                + " such as i or j"), profile.problemWith(new Username(name)));
    }

    /** Where the dot cannot hide: on a Polish z or a Lithuanian e, as one character or two, and above an accent. */
    @ParameterizedTest
    @ValueSource(strings = {"\u017Caneta", "z\u0307aneta", "\u0117gl\u0117", "i\u0301\u0307"})
    void aDotAboveThatShowsPasses(String name) {
        assertEquals(Optional.empty(), profile.problemWith(new Username(name)));
    }

    @Test
    void aDotAboveOnEverySoftDottedLetterIsRefused() {
        List<String> valid = IntStream.rangeClosed(0, UCharacter.MAX_VALUE)
                .filter(cp -> UCharacter.hasBinaryProperty(cp, UProperty.SOFT_DOTTED))
                .mapToObj(cp -> Character.toString(cp) + "\u0307")
                .filter(IcuUsernameSecurityProfileTest::isValid)
                .toList();

        assertFalse(valid.isEmpty(), "names to try");
        assertEquals(List.of(), valid.stream()
                .filter(name -> profile.problemWith(new Username(name)).isEmpty()).toList());
    }

    private static boolean isValid(String name) {
        try {
            new Username(name);
            return true;
        } catch (InvalidValueException e) {
            return false;
        }
    }
}
