package dev.authservice.benchmarks.logins;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The few CBOR items (RFC 8949) a passkey's registration holds: integers, byte and text strings, and map heads
 * followed by their keys and values. Definite lengths only, each head in its shortest form, as WebAuthn's CTAP2
 * canonical encoding asks; a map's entries are written in the order given.
 */
final class Cbor {

    private static final int UNSIGNED = 0;
    private static final int NEGATIVE = 1;
    private static final int BYTES = 2;
    private static final int TEXT = 3;
    private static final int MAP = 5;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /** An integer: major type 0, or 1 with {@code -1 - value} for a negative one. */
    Cbor integer(long value) {
        return value >= 0 ? head(UNSIGNED, value) : head(NEGATIVE, -1 - value);
    }

    Cbor bytes(byte[] value) {
        head(BYTES, value.length);
        out.writeBytes(value);
        return this;
    }

    Cbor text(String value) {
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        head(TEXT, utf8.length);
        out.writeBytes(utf8);
        return this;
    }

    /** The head of a map of {@code entries} pairs; its keys and values follow, each key before its value. */
    Cbor map(int entries) {
        return head(MAP, entries);
    }

    byte[] toByteArray() {
        return out.toByteArray();
    }

    /** The major type in the top three bits, the argument in the low five or in the 1, 2, 4 or 8 bytes after. */
    private Cbor head(int major, long argument) {
        int type = major << 5;
        if (argument < 24) {
            out.write(type | (int) argument);
        } else if (argument < 0x100) {
            out.write(type | 24);
            out.write((int) argument);
        } else if (argument < 0x1_0000) {
            out.write(type | 25);
            bigEndian(argument, 2);
        } else if (argument < 0x1_0000_0000L) {
            out.write(type | 26);
            bigEndian(argument, 4);
        } else {
            out.write(type | 27);
            bigEndian(argument, 8);
        }
        return this;
    }

    private void bigEndian(long value, int length) {
        for (int shift = (length - 1) * 8; shift >= 0; shift -= 8) {
            out.write((int) (value >>> shift) & 0xff);
        }
    }
}
