package dev.authservice.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The benchmark computes codes as an authenticator app does: RFC 6238's own vectors (SHA-1, the last six digits). */
class SecondFactorLoginsTest {

    private static final byte[] SECRET = "12345678901234567890".getBytes(StandardCharsets.US_ASCII);

    @Test
    void theSecretIsReadFromBase32AsAnAppReadsIt() {
        assertArrayEquals(SECRET, SecondFactorLogins.base32("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"));
        assertArrayEquals(SECRET, SecondFactorLogins.base32("gezdgnbvgy3tqojqgezdgnbvgy3tqojq"));
    }

    @Test
    void codesAreThoseOfRfc6238AppendixB() throws Exception {
        assertEquals("287082", SecondFactorLogins.code(SECRET, 59 / 30));
        assertEquals("081804", SecondFactorLogins.code(SECRET, 1111111109L / 30));
        assertEquals("050471", SecondFactorLogins.code(SECRET, 1111111111L / 30));
        assertEquals("005924", SecondFactorLogins.code(SECRET, 1234567890L / 30));
        assertEquals("279037", SecondFactorLogins.code(SECRET, 2000000000L / 30));
    }
}
