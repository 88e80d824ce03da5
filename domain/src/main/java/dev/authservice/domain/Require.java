package dev.authservice.domain;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The few checks that value objects share; each failure names its field. */
public final class Require {

    private Require() {
    }

    /** A present, non-blank text of at most {@code maxLength} characters, without control characters. */
    public static String text(String field, String value, int maxLength) {
        if (value == null || value.isBlank()) {
            throw new InvalidValueException(field, field + " must not be blank");
        }
        if (value.length() > maxLength) {
            throw new InvalidValueException(field, field + " must be at most " + maxLength + " characters");
        }
        if (value.chars().anyMatch(Character::isISOControl)) {
            throw new InvalidValueException(field, field + " must not contain control characters");
        }
        return value;
    }

    /** The text, cut to its first {@code maxLength} characters; null stays null. */
    public static String truncate(String text, int maxLength) {
        return text == null || text.length() <= maxLength ? text : text.substring(0, maxLength);
    }

    /**
     * The text without its control characters, cut to {@code maxLength}; null stays null. For details kept, not
     * judged, such as a client's User-Agent: a person reads them later, and no store need take a NUL.
     */
    public static String kept(String text, int maxLength) {
        return text == null ? null : truncate(text.codePoints().filter(c -> !Character.isISOControl(c))
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString(),
                maxLength);
    }

    /** The constant of {@code values} named exactly {@code text}; anything else is refused with the list of names. */
    public static <E extends Enum<E>> E oneOf(String field, String text, E[] values) {
        return Arrays.stream(values)
                .filter(value -> value.name().equals(text))
                .findFirst()
                .orElseThrow(() -> new InvalidValueException(field, field + " must be one of "
                        + Arrays.stream(values).map(Enum::name).collect(Collectors.joining(", "))));
    }

    public static int range(String field, int value, int min, int max) {
        if (value < min || value > max) {
            throw new InvalidValueException(field, field + " must be between " + min + " and " + max);
        }
        return value;
    }
}
