package dev.authservice.adapter.out.crypto.session;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.authservice.adapter.out.crypto.SecretAlphabet;
import dev.authservice.adapter.out.crypto.SecretStructure;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;

/**
 * The key that signs and verifies access tokens with HMAC-SHA256. It has at least 32 bytes, because a key shorter
 * than the hash output weakens the MAC (RFC 7518, section 3.2). A configured one is judged with the service's other
 * keys before it gets here ({@link ConfiguredKeys}): random, known to no one else, its own.
 * Its bytes never leave this package, and {@link #toString()} hides them.
 */
public final class JwtSecret {

    public static final int MIN_BYTES = 32;

    private final byte[] bytes;

    private JwtSecret(byte[] bytes) {
        if (bytes.length < MIN_BYTES) {
            throw new IllegalArgumentException(
                    "the JWT signing secret must be at least " + MIN_BYTES + " bytes, it has " + bytes.length);
        }
        this.bytes = bytes;
    }

    /** The secret as configured: the UTF-8 bytes of {@code text}. */
    public static JwtSecret fromText(String text) {
        if (text == null) {
            throw new IllegalArgumentException("the JWT signing secret is missing");
        }
        return new JwtSecret(text.getBytes(UTF_8));
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
