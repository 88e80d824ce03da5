package dev.authservice.adapter.out.unicode.user;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UProperty;
import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.user.UsernameCaseMapped;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The domain keeps its own table of Default_Ignorable_Code_Point, the JDK having none; here it meets ICU's copy of the
 * Unicode data, so that a newer Unicode in ICU that changes the property shows up as a failure. Each of ICU's default
 * ignorables must be refused as invisible, and no character a name could otherwise hold.
 */
class UsernameInvisiblesTest {

    @Test
    void aNameIsRefusedAsInvisibleExactlyForTheDefaultIgnorableCodePoints() {
        IntStream defaultIgnorables = IntStream.rangeClosed(0, UCharacter.MAX_VALUE)
                .filter(cp -> UCharacter.hasBinaryProperty(cp, UProperty.DEFAULT_IGNORABLE_CODE_POINT));
        List<String> disagreements = IntStream.concat(defaultIgnorables, NameCharacters.all()).distinct()
                .filter(cp -> refusedAsInvisible("a" + Character.toString(cp))
                        != UCharacter.hasBinaryProperty(cp, UProperty.DEFAULT_IGNORABLE_CODE_POINT))
                .mapToObj(cp -> String.format("U+%04X", cp))
                .toList();

        assertEquals(List.of(), disagreements, "Unicode " + UCharacter.getUnicodeVersion());
    }

    private static boolean refusedAsInvisible(String name) {
        try {
            UsernameCaseMapped.enforce(name);
            return false;
        } catch (InvalidValueException e) {
            return e.getMessage().startsWith("username must not hold invisible characters");
        }
    }
}
