package dev.authservice.domain;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;

/**
 * The SHA-256 of a text, hex-encoded: how the store keeps a high-entropy secret it only ever needs to recognise
 * (a refresh token, a login ticket, a recovery code). A fast hash is enough where there is nothing to guess.
 */
public final class Sha256 {

    /** Longer than any secret this service hands out; anything longer is not worth hashing. */
    public static final int MAX_PRESENTED_LENGTH = 256;

    private Sha256() {
    }

    public static String hex(String text) {
        try {
            return HexFormat.of().formatHex(
                    MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** The digest of a secret as a client presented it; none for a missing, empty or over-long one: it names nothing. */
    public static Optional<String> ofPresented(String secret) {
        if (secret == null || secret.isEmpty() || secret.length() > MAX_PRESENTED_LENGTH) {
            return Optional.empty();
        }
        return Optional.of(hex(secret));
    }

    /** {@code digest}, if it is one as {@link #hex} writes it: what a value holding a digest checks it is given. */
    public static String requireHex(String digest) {
        Objects.requireNonNull(digest, "digest");
        if (!isHex(digest)) {
            throw new IllegalArgumentException("a SHA-256 digest is 64 lower-case hex characters");
        }
        return digest;
    }

    /** Whether two digests are the same, in constant time: how long it takes says nothing of where they differ. */
    public static boolean matches(String digest, String other) {
        return MessageDigest.isEqual(digest.getBytes(StandardCharsets.US_ASCII),
                other.getBytes(StandardCharsets.US_ASCII));
    }

    /** Whether {@code text} is a digest as {@link #hex} writes it. */
    public static boolean isHex(String text) {
        return text != null && text.length() == 64 && text.chars().allMatch(c -> c >= '0' && c <= '9'
                || c >= 'a' && c <= 'f');
    }
}
