package dev.authservice.domain;

import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
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

    /** A text without {@link BidiControls}, which would turn it, and the text shown beside it, around. */
    public static String withoutBidiControls(String field, String value) {
        value.codePoints().filter(BidiControls::contains).findFirst().ifPresent(cp -> {
            throw new InvalidValueException(field, String.format(
                    "%s must not hold bidirectional text controls, such as U+%04X", field, cp));
        });
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

    public static int atLeast(String field, int value, int min) {
        if (value < min) {
            throw new InvalidValueException(field, field + " must be at least " + min + ", was " + value);
        }
        return value;
    }

    public static int atMost(String field, int value, int max) {
        if (value > max) {
            throw new InvalidValueException(field, field + " must be at most " + max + ", was " + value);
        }
        return value;
    }

    /** A duration longer than zero and at most {@code max}. */
    public static Duration positive(String field, Duration value, Duration max) {
        Objects.requireNonNull(value, field);
        if (value.isNegative() || value.isZero()) {
            throw new InvalidValueException(field, field + " must be positive");
        }
        return atMost(field, value, max);
    }

    /** A duration of zero or more, and at most {@code max}. */
    public static Duration notNegative(String field, Duration value, Duration max) {
        Objects.requireNonNull(value, field);
        if (value.isNegative()) {
            throw new InvalidValueException(field, field + " must not be negative");
        }
        return atMost(field, value, max);
    }

    private static Duration atMost(String field, Duration value, Duration max) {
        if (value.compareTo(max) > 0) {
            throw new InvalidValueException(field, field + " must be at most " + written(max) + ", was "
                    + written(value));
        }
        return value;
    }

    /** As durations are configured: {@code 30s}, {@code 15m}, {@code 1h}, {@code 30d}. */
    private static String written(Duration duration) {
        long seconds = duration.getSeconds();
        if (duration.getNano() != 0 || seconds == 0) {
            return duration.toString();
        }
        if (seconds % 86_400 == 0) {
            return seconds / 86_400 + "d";
        }
        if (seconds % 3_600 == 0) {
            return seconds / 3_600 + "h";
        }
        return seconds % 60 == 0 ? seconds / 60 + "m" : seconds + "s";
    }
}
