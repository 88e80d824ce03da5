package dev.authservice.adapter.out.crypto.secondfactor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.secondfactor.TotpCode;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.secondfactor.TotpSecret;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HmacTotpCodesTest {

    /** RFC 6238 Appendix B's key for SHA-1. */
    private static final byte[] KEY = "12345678901234567890".getBytes(StandardCharsets.US_ASCII);

    private final HmacTotpCodes codes = new HmacTotpCodes();

    /** RFC 6238 Appendix B, the SHA-1 column: eight digits there; six are the same truncation modulo 10^6. */
    @ParameterizedTest
    @CsvSource({
            "59, 94287082",
            "1111111109, 07081804",
            "1111111111, 14050471",
            "1234567890, 89005924",
            "2000000000, 69279037",
            "20000000000, 65353130"})
    void computesTheRfc6238TestVectors(long unixSeconds, String eightDigits) {
        long step = Math.floorDiv(unixSeconds, TotpFactor.STEP.toSeconds());
        assertEquals(Integer.parseInt(eightDigits), HmacTotpCodes.hotp(KEY, step, 8));
        TotpCode six = new TotpCode(eightDigits.substring(2));
        assertTrue(codes.matches(new TotpSecret(KEY), step, six));
        assertEquals(List.of(step - 1, step, step + 1),
                TotpFactor.stepsAround(Instant.ofEpochSecond(unixSeconds)));
    }

    @ParameterizedTest
    @CsvSource({"59, 287083", "59, 000000", "89, 287082"})
    void anotherCodeOrStepDoesNotMatch(long unixSeconds, String sixDigits) {
        long step = Math.floorDiv(unixSeconds, TotpFactor.STEP.toSeconds());
        assertFalse(codes.matches(new TotpSecret(KEY), step, new TotpCode(sixDigits)));
    }
}
