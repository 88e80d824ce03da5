package dev.authservice.domain.user;

import java.lang.Character.UnicodeScript;
import java.util.Arrays;

/**
 * The contextual rules of RFC 5892 Appendix A that PRECIS's {@code IdentifierClass} applies: characters that are
 * letters or digits only beside the right neighbours, such as the Catalan middle dot between two {@code l}, or
 * Arabic-Indic digits that may not be mixed with the extended set. Zero-width joiners are refused outright.
 */
final class ContextRules {

    private ContextRules() {
    }

    /** Whether a contextual rule decides {@code cp}, rather than its general category. */
    static boolean governs(int cp) {
        return cp == 0x00B7 || cp == 0x0375 || cp == 0x05F3 || cp == 0x05F4 || cp == 0x30FB
                || isArabicIndicDigit(cp) || isExtendedArabicIndicDigit(cp);
    }

    /** Whether the character at {@code at} may stand where it stands; true for characters no rule governs. */
    static boolean allow(int[] text, int at) {
        int cp = text[at];
        return switch (cp) {
            case 0x00B7 -> before(text, at) == 'l' && after(text, at) == 'l'; // Catalan l·l
            case 0x0375 -> script(after(text, at)) == UnicodeScript.GREEK; // Greek lower numeral sign
            case 0x05F3, 0x05F4 -> script(before(text, at)) == UnicodeScript.HEBREW; // geresh, gershayim
            case 0x30FB -> Arrays.stream(text).anyMatch(ContextRules::isJapanese); // katakana middle dot
            default -> !isArabicIndicDigit(cp) && !isExtendedArabicIndicDigit(cp) || digitsOfOneSet(text);
        };
    }

    /** Arabic-Indic digits and extended (Persian) ones look alike, so a name uses one set. */
    private static boolean digitsOfOneSet(int[] text) {
        return Arrays.stream(text).noneMatch(ContextRules::isArabicIndicDigit)
                || Arrays.stream(text).noneMatch(ContextRules::isExtendedArabicIndicDigit);
    }

    private static boolean isArabicIndicDigit(int cp) {
        return cp >= 0x0660 && cp <= 0x0669;
    }

    private static boolean isExtendedArabicIndicDigit(int cp) {
        return cp >= 0x06F0 && cp <= 0x06F9;
    }

    private static boolean isJapanese(int cp) {
        UnicodeScript script = script(cp);
        return script == UnicodeScript.HIRAGANA || script == UnicodeScript.KATAKANA || script == UnicodeScript.HAN;
    }

    private static int before(int[] text, int at) {
        return at > 0 ? text[at - 1] : -1;
    }

    private static int after(int[] text, int at) {
        return at + 1 < text.length ? text[at + 1] : -1;
    }

    private static UnicodeScript script(int cp) {
        return cp < 0 ? UnicodeScript.UNKNOWN : UnicodeScript.of(cp);
    }
}
