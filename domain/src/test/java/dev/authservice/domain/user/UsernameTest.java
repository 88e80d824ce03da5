package dev.authservice.domain.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.InvalidValueException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class UsernameTest {

    @ParameterizedTest
    @ValueSource(strings = {"alice", "a", "bob.smith@example.com", "zoë"})
    void aNameInItsEnforcedFormIsKeptAsItIs(String name) {
        assertEquals(name, new Username(name).value());
    }

    @Test
    void aNameOfTheMaximumLengthIsAccepted() {
        String longest = "a".repeat(Username.MAX_LENGTH);

        assertEquals(longest, new Username(longest).value());
    }

    @Test
    void aNameOneCharacterTooLongIsRefused() {
        InvalidValueException e = assertThrows(InvalidValueException.class,
                () -> new Username("a".repeat(Username.MAX_LENGTH + 1)));

        assertEquals("username", e.field());
        assertEquals("username must be at most 64 characters", e.getMessage());
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {" ", "   ", "\t", "\n"})
    void aMissingOrBlankNameIsRefused(String name) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new Username(name));

        assertEquals("username", e.field());
        assertEquals("username must not be blank", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"ali\nce", "alice\u0000", "al\tice", "alice\u007f", "\u001balice", "alice\u0085"})
    void aNameWithControlCharactersIsRefused(String name) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new Username(name));

        assertEquals("username", e.field());
        assertEquals("username must not contain control characters", e.getMessage());
    }

    @Test
    void namesAPersonReadsAsOneAreEqual() {
        assertEquals(new Username("alice"), new Username("Alice"));
        assertEquals(new Username("alice"), new Username("ＡＬＩＣＥ"));
        assertNotEquals(new Username("alice"), new Username("alice2"));
    }

    @Test
    void aNameThatLowerCaseMakesTooLongIsRefused() {
        String name = "\u0130".repeat(Username.MAX_LENGTH); // İ: lower case is i and a combining dot above

        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new Username(name));

        assertEquals("username must be at most 64 characters", e.getMessage());
    }

    @Test
    void aNameIsWrittenAsItself() {
        assertEquals("alice", new Username("alice").toString());
    }
}
