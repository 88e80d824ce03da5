package dev.authservice.domain;

/**
 * A value broke one of the domain's rules: a blank username, a page size out of range, an unknown order status.
 * Thrown by the constructors and factories of value objects, so an invalid value never exists.
 * The adapter that parsed the input decides how to answer (for HTTP: 400 with a code naming the kind of input).
 */
public final class InvalidValueException extends IllegalArgumentException {

    private final String field;

    public InvalidValueException(String field, String message) {
        super(message);
        this.field = field;
    }

    /** The name of the offending input, as the caller knows it ({@code username}, {@code size}, ...). */
    public String field() {
        return field;
    }
}
