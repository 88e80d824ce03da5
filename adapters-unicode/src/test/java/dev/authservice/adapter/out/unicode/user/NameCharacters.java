package dev.authservice.adapter.out.unicode.user;

import com.ibm.icu.lang.UCharacter;
import java.util.stream.IntStream;

/**
 * The code points a valid name can hold: printable ASCII and what the JDK counts as a letter, a mark or a decimal
 * digit ({@code UsernameCaseMapped} refuses the rest). Trying these alone, rather than all 1.1 million code points,
 * keeps a test that tries each one at a second instead of a minute.
 */
final class NameCharacters {

    private NameCharacters() {
    }

    static IntStream all() {
        return IntStream.rangeClosed(0, UCharacter.MAX_VALUE).filter(cp -> (cp >= 0x21 && cp <= 0x7E)
                || switch (Character.getType(cp)) {
                    case Character.LOWERCASE_LETTER, Character.UPPERCASE_LETTER, Character.TITLECASE_LETTER,
                         Character.OTHER_LETTER, Character.MODIFIER_LETTER, Character.DECIMAL_DIGIT_NUMBER,
                         Character.NON_SPACING_MARK, Character.COMBINING_SPACING_MARK -> true;
                    default -> false;
                });
    }
}
