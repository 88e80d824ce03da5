package dev.authservice.domain.mail;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.InvalidValueException;
import org.junit.jupiter.api.Test;

class MailAddressTest {

    @Test
    void anAddressIsALocalPartAnAtAndADomain() {
        MailAddress address = new MailAddress("alice@example.com");
        assertEquals("example.com", address.domain());
        assertEquals("alice@example.com", address.toString());
    }

    @Test
    void nothingThatWouldBreakAHeaderIsAnAddress() {
        for (String refused : new String[] {"", " ", "alice", "@example.com", "alice@", "a@b@c", "alice @example.com",
                "alice@example.com\r\nBcc: eve@example.com", "alice@example.com, eve@example.com",
                "Alice <alice@example.com>", "\"alice\"@example.com", "a".repeat(65) + "@example.com",
                "a@" + "b".repeat(MailAddress.MAX_LENGTH)}) {
            assertThrows(InvalidValueException.class, () -> new MailAddress(refused), refused);
        }
    }

    @Test
    void theLimitsAreRfc5321s() {
        assertAll(
                () -> assertEquals(64, new MailAddress("a".repeat(64) + "@example.com").value().indexOf('@')),
                () -> assertEquals(MailAddress.MAX_LENGTH,
                        new MailAddress("a@" + "b".repeat(MailAddress.MAX_LENGTH - 2)).value().length()));
    }
}
