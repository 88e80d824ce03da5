package dev.authservice.adapter.out.crypto.session;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.authservice.adapter.out.crypto.SecretAlphabet;
import dev.authservice.adapter.out.crypto.SecretStructure;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;


/**
 * The key that signs and verifies access tokens with HMAC-SHA256. It has at least 32 bytes, because a key shorter
 * than the hash output weakens the MAC (RFC 7518, section 3.2). A configured one must also look random, as a secret
 * made by {@code openssl rand -base64 32} does: its characters must be able to carry {@value #MIN_BITS} bits (their
 * {@link SecretAlphabet}), and words, keyboard runs, sequences and repeats must not account for most of them
 * ({@link SecretStructure}). {@code passwordpasswordpasswordpassword1} has the length and nothing else.
 * Its bytes never leave this package, and {@link #toString()} hides them.
 */
public final class JwtSecret {

    public static final int MIN_BYTES = 32;

    /** As many as the MAC's output, so that guessing the key is no easier than forging a MAC blindly. */
    static final int MIN_BITS = 256;

    /**
     * The share of its full-rate bits that the cheapest reading of a configured secret must keep. Random text keeps
     * most, though a few short words and runs turn up in it by chance: of 66,000 fresh secrets of base64, base64url
     * and hex, of 32 and 48 bytes, none kept less than 0.67, and half kept more than 0.86. Text made of words,
     * keyboard runs or repeats keeps less than 0.4: passphrases of dictionary words about a third, a word or a part
     * repeated a fifth or less (docs/security.md, "Safe defaults").
     */
    static final double MIN_SHARE_KEPT_BY_STRUCTURE = 0.5;

    private final byte[] bytes;

    private JwtSecret(byte[] bytes) {
        if (bytes.length < MIN_BYTES) {
            throw new IllegalArgumentException(
                    "the JWT signing secret must be at least " + MIN_BYTES + " bytes, it has " + bytes.length);
        }
        this.bytes = bytes;
    }

    /**
     * The secret as configured: the UTF-8 bytes of {@code text}, refused when it does not look random. The refusal
     * says why without repeating the text; only dictionary words found in it are named.
     */
    public static JwtSecret fromText(String text) {
        if (text == null) {
            throw new IllegalArgumentException("the JWT signing secret is missing");
        }
        JwtSecret secret = new JwtSecret(text.getBytes(UTF_8));
        refuseUnlessRandom(text);
        return secret;
    }

    private static void refuseUnlessRandom(String text) {
        SecretAlphabet alphabet = SecretAlphabet.of(text);
        String significant = alphabet.significant(text);
        List<String> reasons = new ArrayList<>();
        double bits = alphabet.bits(text);
        if (bits < MIN_BITS) {
            reasons.add("its " + significant.codePointCount(0, significant.length()) + " characters, " + alphabet
                    + ", carry at most " + (int) bits + " bits, at least " + MIN_BITS + " are required");
        }
        SecretStructure structure = SecretStructure.of(significant, alphabet.bitsPerCharacter());
        if (structure.bits() < MIN_SHARE_KEPT_BY_STRUCTURE * structure.bitsAtFullRate()) {
            reasons.add("it is built from " + structure.description() + ", worth about " + Math.round(structure.bits())
                    + " bits where random characters would carry " + (int) structure.bitsAtFullRate());
        }
        if (!reasons.isEmpty()) {
            throw new IllegalArgumentException("the JWT signing secret is not random: " + String.join("; ", reasons));
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
