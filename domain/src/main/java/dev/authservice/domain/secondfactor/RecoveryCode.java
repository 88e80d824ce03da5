package dev.authservice.domain.secondfactor;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.Sha256;
import java.util.Locale;
import java.util.Objects;

/**
 * A one-time code that stands in for the authenticator app when it is lost: ten base32 characters (50 random bits),
 * shown as two groups of five ({@code ABCDE-FGH23}) and accepted in any case, with or without the dash. Shown once,
 * at confirmation; the store keeps only its {@link #hash()}, and a hash lookup is the comparison, so there is no
 * comparison of secrets to time.
 */
public record RecoveryCode(String value) {

    public static final int LENGTH = 10;
    /** How many a confirmation hands out. */
    public static final int COUNT = 10;
    /** Random bytes a code is made from: 56 bits, of which it keeps 50. */
    public static final int RANDOM_BYTES = 7;

    public RecoveryCode {
        Objects.requireNonNull(value, "value");
        if (value.length() != LENGTH || !Base32.isBase32(value)) {
            throw new IllegalArgumentException("a recovery code is " + LENGTH + " base32 characters");
        }
    }

    public static RecoveryCode fromRandom(byte[] random) {
        if (random.length != RANDOM_BYTES) {
            throw new IllegalArgumentException("a recovery code is made from " + RANDOM_BYTES + " random bytes");
        }
        return new RecoveryCode(Base32.encode(random, LENGTH));
    }

    /** The code a client sent in {@code field}, however spaced, dashed or cased. */
    public static RecoveryCode parse(String field, String text) {
        String compact = text == null ? "" : text.replace("-", "").replace(" ", "").toUpperCase(Locale.ROOT);
        if (compact.length() != LENGTH || !Base32.isBase32(compact)) {
            throw new InvalidValueException(field, field + " must be " + LENGTH + " letters and digits 2 to 7");
        }
        return new RecoveryCode(compact);
    }

    /** As shown to its user: two groups of five. */
    public String shown() {
        return value.substring(0, LENGTH / 2) + "-" + value.substring(LENGTH / 2);
    }

    public Hash hash() {
        return new Hash(Sha256.hex(value));
    }

    @Override
    public String toString() {
        return "RecoveryCode[****]";
    }

    /** What the store keeps of a recovery code. */
    public record Hash(String hex) {
        public Hash {
            Sha256.requireHex(hex);
        }
    }
}
