package dev.authservice.benchmarks.logins;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** The CBOR a passkey's registration is made of, against RFC 8949's own examples. */
class CborTest {

    private static final HexFormat HEX = HexFormat.of();

    @Test
    void cborIsThatOfRfc8949AppendixA() {
        assertEquals("00", hex(new Cbor().integer(0)));
        assertEquals("17", hex(new Cbor().integer(23)));
        assertEquals("1818", hex(new Cbor().integer(24)));
        assertEquals("1864", hex(new Cbor().integer(100)));
        assertEquals("1903e8", hex(new Cbor().integer(1000)));
        assertEquals("1a000f4240", hex(new Cbor().integer(1_000_000)));
        assertEquals("1b000000e8d4a51000", hex(new Cbor().integer(1_000_000_000_000L)));
        assertEquals("20", hex(new Cbor().integer(-1)));
        assertEquals("29", hex(new Cbor().integer(-10)));
        assertEquals("3863", hex(new Cbor().integer(-100)));
        assertEquals("3903e7", hex(new Cbor().integer(-1000)));
        assertEquals("40", hex(new Cbor().bytes(new byte[0])));
        assertEquals("4401020304", hex(new Cbor().bytes(new byte[] {1, 2, 3, 4})));
        assertEquals("60", hex(new Cbor().text("")));
        assertEquals("6449455446", hex(new Cbor().text("IETF")));
        assertEquals("62c3bc", hex(new Cbor().text("\u00fc")));
        assertEquals("a0", hex(new Cbor().map(0)));
        assertEquals("a201020304", hex(new Cbor().map(2).integer(1).integer(2).integer(3).integer(4)));
        assertEquals("a1616101", hex(new Cbor().map(1).text("a").integer(1)));
    }

    @Test
    void cborHeadsTakeTheirLongerFormsFromTheirBoundaries() {
        assertEquals("58ff", hex(new Cbor().bytes(new byte[255])).substring(0, 4));
        assertEquals("590100", hex(new Cbor().bytes(new byte[256])).substring(0, 6));
        assertEquals("7818", hex(new Cbor().text("x".repeat(24))).substring(0, 4));
    }

    private static String hex(Cbor cbor) {
        return HEX.formatHex(cbor.toByteArray());
    }
}
