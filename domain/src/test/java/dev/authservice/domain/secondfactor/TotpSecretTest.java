package dev.authservice.domain.secondfactor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.user.Username;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TotpSecretTest {

    /** RFC 6238 Appendix B's SHA-1 key, "12345678901234567890", in base32 as apps take it. */
    private static final TotpSecret RFC = new TotpSecret("12345678901234567890".getBytes(StandardCharsets.US_ASCII));

    @Test
    void isShownInBase32() {
        assertEquals("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", RFC.base32());
    }

    @Test
    void isShownAsAKeyUriWithEveryParameterSpeltOut() {
        assertEquals("otpauth://totp/auth%20service:alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
                        + "&issuer=auth%20service&algorithm=SHA1&digits=6&period=30",
                RFC.otpauthUri("auth service", new Username("alice")));
    }

    @Test
    void isTwentyBytes() {
        assertThrows(IllegalArgumentException.class, () -> new TotpSecret(new byte[19]));
    }

    @Test
    void aCodeIsSixDigits() {
        assertEquals(new TotpCode("012345"), TotpCode.parse("code", " 012345 "));
        for (String bad : new String[] {"12345", "1234567", "12345a", "", "１２３４５６"}) {
            assertThrows(IllegalArgumentException.class, () -> TotpCode.parse("code", bad), bad);
        }
        assertEquals("TotpCode[******]", new TotpCode("123456").toString());
    }
}
