package dev.authservice.domain.secondfactor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.InvalidValueException;
import org.junit.jupiter.api.Test;

class RecoveryCodeTest {

    @Test
    void isTenBase32CharactersFromSevenRandomBytes() {
        RecoveryCode code = RecoveryCode.fromRandom(new byte[] {0, 0, 0, 0, 0, 0, 0});
        assertEquals("AAAAAAAAAA", code.value());
        assertEquals("77777-77777", RecoveryCode.fromRandom(new byte[] {-1, -1, -1, -1, -1, -1, -1}).shown());
        assertThrows(IllegalArgumentException.class, () -> RecoveryCode.fromRandom(new byte[6]));
    }

    @Test
    void isTakenBackHoweverTyped() {
        RecoveryCode code = new RecoveryCode("ABCDE23456");
        assertEquals(code, RecoveryCode.parse("recoveryCode", "abcde-23456"));
        assertEquals(code, RecoveryCode.parse("recoveryCode", "ABCDE 23456"));
        assertEquals(code.hash(), RecoveryCode.parse("recoveryCode", "abcde23456").hash());
        assertNotEquals(code.hash(), new RecoveryCode("ABCDE23457").hash());
    }

    @Test
    void anythingElseIsRefusedAsInput() {
        for (String bad : new String[] {"", "ABCDE-2345", "ABCDE-234567", "ABCDE-23450", "ABCDE-2345!"}) {
            assertThrows(InvalidValueException.class, () -> RecoveryCode.parse("recoveryCode", bad), bad);
        }
    }

    @Test
    void isNeverPrinted() {
        assertEquals("RecoveryCode[****]", new RecoveryCode("ABCDE23456").toString());
    }
}
