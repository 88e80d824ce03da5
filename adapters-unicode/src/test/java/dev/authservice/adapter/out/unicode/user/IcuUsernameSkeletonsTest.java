package dev.authservice.adapter.out.unicode.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.authservice.application.user.port.out.UsernameSkeletons;
import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.user.Username;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IcuUsernameSkeletonsTest {

    private final UsernameSkeletons skeletons = new IcuUsernameSkeletons();

    @ParameterizedTest(name = "{0} looks like {1}")
    @CsvSource({
            "a\u01C0ice, alice",  // Latin letter dental click
            "al\u0131ce, alice",  // dotless i
            "\u0251lice, alice",  // Latin alpha
            "al\u0269ce, alice",  // Latin iota
            "\u0455\u0441\u043E\u0440\u0435, scope", // all Cyrillic
            "rnary, mary",
            "b1ll, blll"})
    void namesThatLookAlikeHaveOneSkeleton(String lookAlike, String original) {
        assertEquals(skeleton(original), skeleton(lookAlike));
    }

    /** The last two are what confusables.txt does not list (docs/security.md): 0 is a capital O's look-alike only. */
    @ParameterizedTest(name = "{0} and {1}")
    @CsvSource({"alice, alicia", "alice, allce", "bob, bobo", "zoë, zoe", "b0b, bob", "\u0185o\u0185, bob"})
    void namesThatDoNotLookAlikeHaveTwo(String one, String other) {
        assertNotEquals(skeleton(one), skeleton(other));
    }

    /**
     * Every character that is a valid name alone: no skeleton is longer than the stores allow for. A name's
     * skeleton is its characters' skeletons in a row, so the name that repeats the most expanding character has the
     * longest. Left out are the few characters valid only beside a neighbour (RFC 5892's contextual rules: the
     * Catalan middle dot, the Greek and Hebrew signs, Arabic-Indic digits), whose skeletons are one or two long.
     */
    @Test
    void noSkeletonOfAValidNameIsLongerThanTheMaximum() {
        List<String> tooLong = NameCharacters.all()
                .mapToObj(Character::toString)
                .map(IcuUsernameSkeletonsTest::validName)
                .flatMap(Optional::stream)
                .filter(name -> skeletons.skeletonOf(name).length() * Username.MAX_LENGTH
                        > UsernameSkeletons.MAX_LENGTH * name.value().length())
                .map(name -> name + " -> " + skeletons.skeletonOf(name))
                .toList();

        assertEquals(List.of(), tooLong);
    }

    private String skeleton(String name) {
        return skeletons.skeletonOf(new Username(name));
    }

    private static Optional<Username> validName(String text) {
        try {
            return Optional.of(new Username(text));
        } catch (InvalidValueException e) {
            return Optional.empty();
        }
    }
}
