package dev.authservice.adapter.out.unicode.user;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UProperty;
import dev.authservice.domain.BidiControls;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The domain keeps its own table of Bidi_Control, the JDK having none; here it meets ICU's copy of the Unicode data, so
 * that a newer Unicode in ICU that changes the property shows up as a failure.
 */
class BidiControlsTest {

    @Test
    void theTableIsUnicodesBidiControlProperty() {
        List<String> disagreements = IntStream.rangeClosed(0, UCharacter.MAX_VALUE)
                .filter(cp -> BidiControls.contains(cp) != UCharacter.hasBinaryProperty(cp, UProperty.BIDI_CONTROL))
                .mapToObj(cp -> String.format("U+%04X", cp))
                .toList();

        assertEquals(List.of(), disagreements, "Unicode " + UCharacter.getUnicodeVersion());
    }
}
