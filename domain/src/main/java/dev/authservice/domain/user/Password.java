package dev.authservice.domain.user;

import dev.authservice.domain.Require;
import java.text.Normalizer;

/**
 * A password in clear. It only ever travels from the request to the password hasher; {@link #toString()} hides it
 * so that it cannot end up in a log line by accident.
 * <p>
 * It is kept in Unicode normalisation form NFKC (NIST SP 800-63B, 5.1.1.2): "é" typed as one code point on one
 * device and as "e" plus a combining accent on another is the same password, and so is a full-width "Ａ" and an "A".
 * The limits apply to the normalised text, which is what gets hashed.
 */
public record Password(String value) {

    /** Long enough for any passphrase, short enough that nobody can make the hasher chew on megabytes. */
    public static final int MAX_LENGTH = 1024;

    public Password {
        value = Require.text("password", value == null ? null : Normalizer.normalize(value, Normalizer.Form.NFKC),
                MAX_LENGTH);
    }

    @Override
    public String toString() {
        return "Password[****]";
    }
}
