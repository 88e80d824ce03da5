package dev.authservice.domain.secondfactor;

/** RFC 4648 base32 without padding: the alphabet authenticator apps read secrets in, and people type codes in. */
final class Base32 {

    static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

    private Base32() {
    }

    /** The first {@code characters} characters of {@code bytes} in base32, padded with zero bits at the end. */
    static String encode(byte[] bytes, int characters) {
        StringBuilder out = new StringBuilder(characters);
        int buffer = 0;
        int bits = 0;
        for (int i = 0; out.length() < characters; ) {
            if (bits < 5) {
                buffer = (buffer << 8) | (i < bytes.length ? bytes[i] & 0xff : 0);
                bits += 8;
                i++;
            }
            out.append(ALPHABET.charAt((buffer >> (bits - 5)) & 0x1f));
            bits -= 5;
        }
        return out.toString();
    }

    static String encode(byte[] bytes) {
        return encode(bytes, (bytes.length * 8 + 4) / 5);
    }

    static boolean isBase32(String text) {
        return text.chars().allMatch(c -> ALPHABET.indexOf(c) >= 0);
    }
}
