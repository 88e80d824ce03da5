package dev.authservice.adapter.out.crypto;

import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * The smallest of the usual alphabets that a secret's characters all belong to, and so the most a character can
 * carry: {@code log2} of the alphabet's size, reached only when every character was drawn at random. Any other text
 * counts as printable ASCII, a character (a code point) at a time.
 */
public enum SecretAlphabet {

    DECIMAL("decimal digits", 10, "[0-9]+"),
    HEX("hexadecimal digits", 16, "[0-9a-f]+|[0-9A-F]+"),
    ONE_CASE_LETTERS_AND_DIGITS("letters of one case and digits", 36, "[0-9a-z]+|[0-9A-Z]+"),
    /** Standard or URL-safe; the {@code =} that pads its end carries nothing and is not counted. */
    BASE64("the base64 alphabet", 64, "[A-Za-z0-9+/]+|[A-Za-z0-9_-]+"),
    ANY_TEXT("printable ASCII or other characters", 95, "(?s).+");

    private static final Pattern BASE64_PADDING = Pattern.compile("(?<=[^=])={1,2}$");

    private final String description;
    private final double bitsPerCharacter;
    private final Pattern characters;

    SecretAlphabet(String description, int size, String characters) {
        this.description = description;
        this.bitsPerCharacter = Math.log(size) / Math.log(2);
        this.characters = Pattern.compile(characters);
    }

    /** The first alphabet, in order of size, that holds every character of {@code text}. */
    public static SecretAlphabet of(String text) {
        String unpadded = BASE64_PADDING.matcher(text).replaceFirst("");
        return Arrays.stream(values())
                .filter(alphabet -> alphabet.characters.matcher(alphabet == BASE64 ? unpadded : text).matches())
                .findFirst()
                .orElseThrow();
    }

    /** The characters that count: {@code text} without base64's padding. */
    public String significant(String text) {
        return this == BASE64 ? BASE64_PADDING.matcher(text).replaceFirst("") : text;
    }

    /** The most {@code text} can carry in this alphabet: its significant characters at full rate. */
    public double bits(String text) {
        String significant = significant(text);
        return significant.codePointCount(0, significant.length()) * bitsPerCharacter;
    }

    public double bitsPerCharacter() {
        return bitsPerCharacter;
    }

    @Override
    public String toString() {
        return description;
    }
}
