package dev.authservice.domain;

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

    /** The text, cut to its first {@code maxLength} characters; null stays null. For details kept, not judged. */
    public static String truncate(String text, int maxLength) {
        return text == null || text.length() <= maxLength ? text : text.substring(0, maxLength);
    }

    public static int range(String field, int value, int min, int max) {
        if (value < min || value > max) {
            throw new InvalidValueException(field, field + " must be between " + min + " and " + max);
        }
        return value;
    }
}
