package dev.authservice.domain.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.InvalidValueException;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class OutgoingMailTest {

    private static final MessageId ID = new MessageId(UUID.fromString("6f1c1a9e-52a4-4b8e-9a57-1d0c5e3f7b21"));
    private static final EmailAddress ALICE = new EmailAddress("alice@example.com");
    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

    @Test
    void aMailHasOneLineOfSubjectAndABody() {
        OutgoingMail mail = new OutgoingMail(ID, ALICE, "Your password was changed", "Line one\r\nLine two\n", NOW);
        assertEquals("Line one\r\nLine two\n", mail.body());
    }

    @Test
    void aSubjectWithALineBreakWouldBeAnotherHeader() {
        assertThrows(InvalidValueException.class,
                () -> new OutgoingMail(ID, ALICE, "Hello\r\nBcc: eve@example.com", "body", NOW));
        assertThrows(InvalidValueException.class, () -> new OutgoingMail(ID, ALICE, " ", "body", NOW));
    }

    @Test
    void aBodyIsNotBlankNorOverLong() {
        assertThrows(InvalidValueException.class, () -> new OutgoingMail(ID, ALICE, "Hello", " \n", NOW));
        assertThrows(InvalidValueException.class, () -> new OutgoingMail(ID, ALICE, "Hello",
                "x".repeat(OutgoingMail.MAX_BODY_LENGTH + 1), NOW));
        assertThrows(InvalidValueException.class, () -> new OutgoingMail(ID, ALICE, "Hello", "a\0b", NOW));
    }

    @Test
    void theMessageIdHeaderIsTheSameIdOnTheSendersDomain() {
        assertEquals("<6f1c1a9e-52a4-4b8e-9a57-1d0c5e3f7b21@example.org>", ID.header("example.org"));
    }
}
