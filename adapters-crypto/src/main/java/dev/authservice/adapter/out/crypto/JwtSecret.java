package dev.authservice.adapter.out.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.stream.IntStream;

/**
 * The key that signs and verifies access tokens with HMAC-SHA256. It has at least 32 bytes, because a key shorter
 * than the hash output weakens the MAC (RFC 7518, section 3.2). A configured one must also not be obviously
 * guessable: 32 bytes of one letter, or {@code changeme} four times, have the length and none of the randomness.
 * Its bytes never leave this package, and {@link #toString()} hides them.
 */
public final class JwtSecret {

    public static final int MIN_BYTES = 32;

    /**
     * The fewest different byte values, and different steps from one byte to the next, a configured secret may have.
     * A short pattern repeated has no more steps than its length, and a sequence ({@code abcd…}, {@code 9876…}, every
     * other letter) one or two. Random text has far more: 32 random hex digits show fewer than 8 different ones
     * about once in 30 million tries.
     */
    static final int MIN_VARIETY = 8;

    private final byte[] bytes;

    private JwtSecret(byte[] bytes) {
        if (bytes.length < MIN_BYTES) {
            throw new IllegalArgumentException(
                    "the JWT signing secret must be at least " + MIN_BYTES + " bytes, it has " + bytes.length);
        }
        this.bytes = bytes;
    }

    /** The secret as configured: the UTF-8 bytes of {@code text}, refused when obviously not random. */
    public static JwtSecret fromText(String text) {
        if (text == null) {
            throw new IllegalArgumentException("the JWT signing secret is missing");
        }
        JwtSecret secret = new JwtSecret(text.getBytes(UTF_8));
        refuseIfObviouslyNotRandom(secret.bytes);
        return secret;
    }

    private static void refuseIfObviouslyNotRandom(byte[] bytes) {
        long values = IntStream.range(0, bytes.length).map(i -> bytes[i] & 0xff).distinct().count();
        if (values < MIN_VARIETY) {
            throw new IllegalArgumentException("the JWT signing secret is not random: it has " + values
                    + " different bytes, at least " + MIN_VARIETY + " are required");
        }
        long steps = IntStream.range(1, bytes.length).map(i -> (bytes[i] & 0xff) - (bytes[i - 1] & 0xff))
                .distinct().count();
        if (steps < MIN_VARIETY) {
            throw new IllegalArgumentException("the JWT signing secret is not random: it is a sequence or a short "
                    + "pattern repeated (" + steps + " different steps from one byte to the next, at least "
                    + MIN_VARIETY + " are required)");
        }
    }

    /** A random secret, for when none is configured. Tokens signed with it die with the process. */
    public static JwtSecret generate() {
        byte[] bytes = new byte[MIN_BYTES];
        new SecureRandom().nextBytes(bytes);
        return new JwtSecret(bytes);
    }

    byte[] bytes() {
        return bytes.clone();
    }

    /**
     * Names this secret in the {@code kid} header: base64url of the first 8 bytes of its SHA-256. That tells an
     * attacker nothing a signed token does not already tell: both are checkable guesses of the secret, nothing more.
     */
    String keyId() {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
            return Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, 8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    @Override
    public String toString() {
        return "JwtSecret[****]";
    }
}
