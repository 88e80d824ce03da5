package dev.authservice.domain.federation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.user.Username;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NewAccountNamesTest {

    private static final ProviderName KEYCLOAK = new ProviderName("keycloak");
    private static final int[] SUFFIXES = {7, 123456, 999999};

    private static ProviderClaims preferring(String name) {
        return new ProviderClaims(Optional.ofNullable(name), Optional.empty(), Optional.empty(), Optional.empty(),
                List.of());
    }

    private static List<String> candidates(String preferred) {
        return NewAccountNames.candidates(preferring(preferred), KEYCLOAK, SUFFIXES).stream().map(Username::value)
                .toList();
    }

    @Test
    void thePreferredNameComesFirstThenItWithDigits() {
        assertEquals(List.of("carol", "carol-000007", "carol-123456", "carol-999999"), candidates("Carol"));
    }

    @Test
    void withoutAUsablePreferredNameTheProvidersNameIsTheBase() {
        assertEquals(List.of("keycloak-000007", "keycloak-123456", "keycloak-999999"), candidates(null));
        assertEquals(List.of("keycloak-000007", "keycloak-123456", "keycloak-999999"), candidates("has space"));
        assertEquals(List.of("keycloak-000007", "keycloak-123456", "keycloak-999999"), candidates(" "));
    }

    @Test
    void aLongPreferredNameIsCutSoThatTheDigitsFit() {
        String longest = "a".repeat(Username.MAX_LENGTH);
        List<String> names = candidates(longest);
        assertEquals(longest, names.get(0));
        names.subList(1, names.size()).forEach(name -> {
            assertEquals(Username.MAX_LENGTH, name.length());
            assertTrue(name.endsWith("-000007") || name.endsWith("-123456") || name.endsWith("-999999"), name);
        });
    }

    /** A name of letters outside the BMP, two chars each, is cut before a pair, never inside it. */
    @Test
    void aCutNeverSplitsACodePoint() {
        String deseret = "\uD801\uDC37";
        String name = deseret.repeat(29);
        assertEquals(58, name.length());
        assertEquals(name, candidates(name).get(0));
        assertEquals(deseret.repeat(28) + "-000007", candidates(name).get(1));
    }

    @Test
    void suffixesAreSixDigitsOneATry() {
        assertThrows(IllegalArgumentException.class,
                () -> NewAccountNames.candidates(preferring("carol"), KEYCLOAK, new int[] {1, 2}));
        assertThrows(IllegalArgumentException.class,
                () -> NewAccountNames.candidates(preferring("carol"), KEYCLOAK, new int[] {1, 2, 1_000_000}));
    }
}
