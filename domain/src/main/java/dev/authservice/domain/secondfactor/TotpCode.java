package dev.authservice.domain.secondfactor;

import dev.authservice.domain.InvalidValueException;
import java.util.Objects;

/** Six digits as a user types them from an authenticator app; spaces around them are dropped. */
public record TotpCode(String digits) {

    public static final int DIGITS = 6;

    public TotpCode {
        Objects.requireNonNull(digits, "digits");
        if (digits.length() != DIGITS || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException("a TOTP code is " + DIGITS + " digits");
        }
    }

    /** The code a client sent in {@code field}; anything but six digits is refused. */
    public static TotpCode parse(String field, String text) {
        String digits = text == null ? "" : text.strip();
        if (digits.length() != DIGITS || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new InvalidValueException(field, field + " must be " + DIGITS + " digits");
        }
        return new TotpCode(digits);
    }

    @Override
    public String toString() {
        return "TotpCode[******]";
    }
}
