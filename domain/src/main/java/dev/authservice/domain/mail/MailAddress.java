package dev.authservice.domain.mail;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.Require;

/**
 * Where a mail goes: {@code local@domain}, as an SMTP server takes it in {@code RCPT TO}. Checked only as far as a
 * mail header needs: one {@code @} between two non-empty parts, no white space, and none of the characters that
 * would end the address or start another in a header ({@code , ; < > " ( ) \}). Whether anyone reads it is for the
 * server to say.
 */
public record MailAddress(String value) {

    /** RFC 5321's limits: 64 characters before the {@code @}, 254 in all. */
    public static final int MAX_LENGTH = 254;
    private static final int MAX_LOCAL_LENGTH = 64;
    private static final String FORBIDDEN = ",;<>\"()\\";

    public MailAddress {
        Require.text("address", value, MAX_LENGTH);
        int at = value.indexOf('@');
        if (at < 1 || at != value.lastIndexOf('@') || at == value.length() - 1) {
            throw new InvalidValueException("address", "address must be one local part, an @ and a domain");
        }
        if (at > MAX_LOCAL_LENGTH) {
            throw new InvalidValueException("address", "address must have at most " + MAX_LOCAL_LENGTH
                    + " characters before the @");
        }
        if (value.codePoints().anyMatch(c -> Character.isWhitespace(c) || FORBIDDEN.indexOf(c) >= 0)) {
            throw new InvalidValueException("address", "address must hold no white space and none of " + FORBIDDEN);
        }
    }

    /** The part after the {@code @}. */
    public String domain() {
        return value.substring(value.indexOf('@') + 1);
    }

    @Override
    public String toString() {
        return value;
    }
}
