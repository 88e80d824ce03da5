package dev.authservice.domain;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The SHA-256 of a text, hex-encoded: how the store keeps a high-entropy secret it only ever needs to recognise
 * (a refresh token, a login ticket, a recovery code). A fast hash is enough where there is nothing to guess.
 */
public final class Sha256 {

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

    /** Whether {@code text} is a digest as {@link #hex} writes it. */
    public static boolean isHex(String text) {
        return text != null && text.length() == 64 && text.chars().allMatch(c -> c >= '0' && c <= '9'
                || c >= 'a' && c <= 'f');
    }
}
