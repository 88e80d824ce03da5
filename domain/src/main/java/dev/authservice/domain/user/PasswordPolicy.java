package dev.authservice.domain.user;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a new password must be, after NIST SP 800-63B §3.1.1.2: long enough, not a well-known password, not a
 * repetition or a sequence ({@code aaaaaaaaaaaaaaaa}, {@code passwordpassword}, {@code 0123456789012345}), and not
 * built from the username. Nothing else: any Unicode character counts, and there are no composition rules (no "one digit,
 * one symbol"), which only push people to predictable patterns. The maximum is {@link Password#MAX_LENGTH}, far above
 * the 64 characters the guideline asks to allow.
 *
 * @param minLength       in Unicode code points, as a person counts characters
 * @param commonPasswords refused whatever their case
 */
public record PasswordPolicy(int minLength, Set<String> commonPasswords) {

    public PasswordPolicy {
        if (minLength < 8) {
            throw new IllegalArgumentException("NIST SP 800-63B asks for at least 8 characters");
        }
        commonPasswords = commonPasswords.stream().map(PasswordPolicy::folded).collect(Collectors.toUnmodifiableSet());
    }

    /** Why {@code password} may not be {@code username}'s new password, or empty when it may. */
    public Optional<String> problemWith(Password password, Username username) {
        Objects.requireNonNull(username, "username");
        String candidate = password.value();
        if (candidate.codePointCount(0, candidate.length()) < minLength) {
            return Optional.of("the password must be at least " + minLength + " characters long");
        }
        if (folded(candidate).contains(folded(username.value()))) {
            return Optional.of("the password must not contain the username");
        }
        if (commonPasswords.contains(folded(candidate))) {
            return Optional.of("the password is too common: it appears in lists of leaked passwords");
        }
        if (isRepetition(folded(candidate))) {
            return Optional.of("the password must not be one short piece repeated");
        }
        if (isSequence(candidate)) {
            return Optional.of("the password must not be a sequence of consecutive characters");
        }
        return Optional.empty();
    }

    /** Whether the text is a shorter piece written over and over, such as {@code abcabcabc...} or a doubled word. */
    private static boolean isRepetition(String text) {
        // A string is a repetition exactly when it occurs in itself doubled at an offset other than 0 and its length.
        return (text + text).indexOf(text, 1) < text.length();
    }

    /** Whether each character is one up, or each one down, from the one before: {@code 123456...}, {@code zyxw...}. */
    private static boolean isSequence(String text) {
        int[] codePoints = text.codePoints().toArray();
        int step = codePoints[1] - codePoints[0];
        if (Math.abs(step) != 1) {
            return false;
        }
        for (int i = 2; i < codePoints.length; i++) {
            int next = codePoints[i] - codePoints[i - 1];
            // Digits wrap around: 7890123... is as guessable as 0123456...
            boolean wrapsAround = step == 1 ? codePoints[i] == '0' && codePoints[i - 1] == '9'
                    : codePoints[i] == '9' && codePoints[i - 1] == '0';
            if (next != step && !wrapsAround) {
                return false;
            }
        }
        return true;
    }

    private static String folded(String text) {
        return text.toLowerCase(Locale.ROOT);
    }
}
