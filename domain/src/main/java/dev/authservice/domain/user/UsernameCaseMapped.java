package dev.authservice.domain.user;

import dev.authservice.domain.InvalidValueException;
import java.lang.Character.UnicodeScript;
import java.text.Normalizer;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The PRECIS {@code UsernameCaseMapped} profile (RFC 8265 §3.3): the one form in which a username is stored and
 * compared, so that names a person reads as one are one. {@code Alice}, {@code ALICE} and fullwidth {@code ＡＬＩＣＥ}
 * are all {@code alice}; a space, a zero-width space, a bidi control or a symbol is refused.
 * <p>
 * The rules, in the RFC's order: fullwidth and halfwidth characters to their plain forms, lower case, NFC; then the
 * result must be of the {@code IdentifierClass} (RFC 8264 §4.2: letters, marks and digits of any script, and printable
 * ASCII) and follow the Bidi Rule (RFC 5893) when it holds right-to-left characters. Two rules beyond PRECIS: a name
 * holds no {@link DefaultIgnorable} character, which PRECIS lets through where it is a mark (a variation selector, the
 * combining grapheme joiner); and a name's letters come from one script (Japanese may mix Han, Hiragana and Katakana,
 * Korean Han and Hangul, Chinese Han and Bopomofo), so a Latin name cannot hide a Cyrillic look-alike letter (Unicode
 * TR 39, "highly restrictive"). What needs more of Unicode's data than the JDK carries is judged outside the domain: a
 * name that looks like another without mixing scripts (Latin {@code alıce}, with a dotless i, beside {@code alice}) is
 * the stores' to refuse, as they keep each name's confusable skeleton (TR 39) unique; and a name a new account is to
 * take must keep to TR 39's security profile ({@code UsernameSecurityProfile}), which a stored name is not held to.
 */
public final class UsernameCaseMapped {

    private static final String FIELD = "username";
    private static final Set<UnicodeScript> JAPANESE =
            EnumSet.of(UnicodeScript.HAN, UnicodeScript.HIRAGANA, UnicodeScript.KATAKANA);
    private static final Set<UnicodeScript> KOREAN = EnumSet.of(UnicodeScript.HAN, UnicodeScript.HANGUL);
    private static final Set<UnicodeScript> CHINESE = EnumSet.of(UnicodeScript.HAN, UnicodeScript.BOPOMOFO);

    private UsernameCaseMapped() {
    }

    /** The enforced form of {@code raw}, or an {@link InvalidValueException} saying which rule it breaks. */
    public static String enforce(String raw) {
        if (isLowerCasePrintableAscii(raw)) {
            return raw; // every login and every token names its user: the common case costs one pass over chars
        }
        String mapped = Normalizer.normalize(mapWidth(raw).toLowerCase(Locale.ROOT), Normalizer.Form.NFC);
        int[] codePoints = mapped.codePoints().toArray();
        for (int i = 0; i < codePoints.length; i++) {
            requireIdentifierClass(codePoints, i);
        }
        requireBidiRule(mapped);
        requireOneScript(mapped);
        return mapped;
    }

    private static boolean isLowerCasePrintableAscii(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c <= ' ' || c > '~' || (c >= 'A' && c <= 'Z')) {
                return false;
            }
        }
        return true;
    }

    /** RFC 8265 §3.3.2 step 1: characters whose decomposition is {@code <wide>} or {@code <narrow>}. */
    private static String mapWidth(String text) {
        StringBuilder mapped = new StringBuilder(text.length());
        text.codePoints().forEach(cp -> mapped.append(isWidthVariant(cp)
                ? Normalizer.normalize(Character.toString(cp), Normalizer.Form.NFKC) : Character.toString(cp)));
        return mapped.toString();
    }

    private static boolean isWidthVariant(int cp) {
        return cp == 0x3000 || (cp >= 0xFF01 && cp <= 0xFFEE);
    }

    private static void requireIdentifierClass(int[] text, int at) {
        int cp = text[at];
        if (cp >= 0x21 && cp <= 0x7E) {
            return; // ASCII7, printable
        }
        if (DefaultIgnorable.contains(cp)) {
            throw new InvalidValueException(FIELD, String.format(
                    "username must not hold invisible characters, such as U+%04X", cp));
        }
        if (isDisallowedException(cp) || isOldHangulJamo(cp) || !ContextRules.allow(text, at)) {
            refuse(cp);
        }
        if (!isValidException(cp) && !ContextRules.governs(cp)) {
            boolean letterOrDigit = switch (Character.getType(cp)) {
                case Character.LOWERCASE_LETTER, Character.UPPERCASE_LETTER, Character.OTHER_LETTER,
                     Character.MODIFIER_LETTER, Character.DECIMAL_DIGIT_NUMBER, Character.NON_SPACING_MARK,
                     Character.COMBINING_SPACING_MARK -> true;
                default -> false; // controls, format characters (bidi, zero-width), spaces, symbols, punctuation
            };
            // HasCompat (RFC 8264 §9.17): a ligature, a superscript or a circled letter stands for something else.
            if (!letterOrDigit || !Normalizer.isNormalized(Character.toString(cp), Normalizer.Form.NFKC)) {
                refuse(cp);
            }
        }
    }

    /** RFC 5892 §2.6: letters that the general rule would refuse but IDNA and PRECIS allow. */
    private static boolean isValidException(int cp) {
        return cp == 0x00DF || cp == 0x03C2 || cp == 0x06FD || cp == 0x06FE || cp == 0x0F0B || cp == 0x3007;
    }

    /** RFC 5892 §2.6: characters the general rule would allow but IDNA and PRECIS refuse. */
    private static boolean isDisallowedException(int cp) {
        return cp == 0x0640 || cp == 0x07FA || cp == 0x302E || cp == 0x302F || (cp >= 0x3031 && cp <= 0x3035)
                || cp == 0x303B;
    }

    private static boolean isOldHangulJamo(int cp) {
        return (cp >= 0x1100 && cp <= 0x11FF) || (cp >= 0xA960 && cp <= 0xA97F) || (cp >= 0xD7B0 && cp <= 0xD7FF);
    }

    /**
     * RFC 5893 §2, for a name that holds right-to-left characters: it starts with a right-to-left letter, holds no
     * left-to-right one, does not mix European and Arabic digits, and ends with a letter or digit (marks may follow).
     */
    private static void requireBidiRule(String text) {
        int[] directions = text.codePoints().map(Character::getDirectionality).toArray();
        boolean rightToLeft = false;
        for (int direction : directions) {
            rightToLeft |= isRightToLeft(direction) || direction == Character.DIRECTIONALITY_ARABIC_NUMBER;
        }
        if (!rightToLeft) {
            return;
        }
        boolean european = false;
        boolean arabic = false;
        int last = -1;
        for (int i = 0; i < directions.length; i++) {
            int direction = directions[i];
            boolean allowed = switch (direction) {
                case Character.DIRECTIONALITY_RIGHT_TO_LEFT, Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC,
                     Character.DIRECTIONALITY_ARABIC_NUMBER, Character.DIRECTIONALITY_EUROPEAN_NUMBER,
                     Character.DIRECTIONALITY_EUROPEAN_NUMBER_SEPARATOR,
                     Character.DIRECTIONALITY_COMMON_NUMBER_SEPARATOR,
                     Character.DIRECTIONALITY_EUROPEAN_NUMBER_TERMINATOR, Character.DIRECTIONALITY_OTHER_NEUTRALS,
                     Character.DIRECTIONALITY_BOUNDARY_NEUTRAL, Character.DIRECTIONALITY_NONSPACING_MARK -> true;
                default -> false;
            };
            european |= direction == Character.DIRECTIONALITY_EUROPEAN_NUMBER;
            arabic |= direction == Character.DIRECTIONALITY_ARABIC_NUMBER;
            if (!allowed || (i == 0 && !isRightToLeft(direction))) {
                throw bidi();
            }
            if (direction != Character.DIRECTIONALITY_NONSPACING_MARK) {
                last = direction;
            }
        }
        boolean endsWell = isRightToLeft(last) || last == Character.DIRECTIONALITY_ARABIC_NUMBER
                || last == Character.DIRECTIONALITY_EUROPEAN_NUMBER;
        if ((european && arabic) || !endsWell) {
            throw bidi();
        }
    }

    private static boolean isRightToLeft(int direction) {
        return direction == Character.DIRECTIONALITY_RIGHT_TO_LEFT
                || direction == Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC;
    }

    private static InvalidValueException bidi() {
        return new InvalidValueException(FIELD, "username must read in one direction: a right-to-left name starts "
                + "with a right-to-left letter and holds no left-to-right one");
    }

    private static void requireOneScript(String text) {
        Set<UnicodeScript> scripts = EnumSet.noneOf(UnicodeScript.class);
        text.codePoints().mapToObj(UnicodeScript::of)
                .filter(script -> script != UnicodeScript.COMMON && script != UnicodeScript.INHERITED)
                .forEach(scripts::add);
        if (scripts.size() > 1 && !JAPANESE.containsAll(scripts) && !KOREAN.containsAll(scripts)
                && !CHINESE.containsAll(scripts)) {
            throw new InvalidValueException(FIELD, "username must be written in one script, not a mix of "
                    + scripts.stream().map(script -> script.name().toLowerCase(Locale.ROOT)).sorted().toList());
        }
    }

    private static void refuse(int cp) {
        throw new InvalidValueException(FIELD, String.format(
                "username must hold only letters, digits and printable ASCII, not U+%04X", cp));
    }
}
