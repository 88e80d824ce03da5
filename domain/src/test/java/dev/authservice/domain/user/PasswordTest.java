package dev.authservice.domain.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.InvalidValueException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class PasswordTest {

    private static final String SECRET = "correct horse battery staple";

    @Test
    void aPassphraseIsKeptAsTyped() {
        assertEquals(SECRET, new Password(SECRET).value());
        assertEquals(" padded ", new Password(" padded ").value());
    }

    @Test
    void theSamePasswordTypedOnDifferentKeyboardsIsTheSamePassword() {
        String composed = "caf\u00e9 au lait sous la pluie";
        String decomposed = "cafe\u0301 au lait sous la pluie";

        assertEquals(new Password(composed), new Password(decomposed));
        assertEquals(composed, new Password(decomposed).value());
        assertEquals("ABC 123", new Password("\uff21\uff22\uff23 \uff11\uff12\uff13").value(), "full-width forms");
    }

    @Test
    void theLimitHoldsForTheNormalisedTextThatGetsHashed() {
        // One code point that NFKC spells out in 18: a short input must not become an over-long hash input.
        String expanding = "\ufdfa".repeat(Password.MAX_LENGTH / 18 + 1);

        assertThrows(InvalidValueException.class, () -> new Password(expanding));
    }

    @Test
    void aPasswordOfTheMaximumLengthIsAccepted() {
        String longest = "p".repeat(Password.MAX_LENGTH);

        assertEquals(longest, new Password(longest).value());
    }

    @Test
    void aPasswordOneCharacterTooLongIsRefusedWithoutEchoingIt() {
        String tooLong = "secret-".repeat(200).substring(0, Password.MAX_LENGTH + 1);

        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new Password(tooLong));

        assertEquals("password", e.field());
        assertFalse(e.getMessage().contains("secret-"), e.getMessage());
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {" ", "\t\t"})
    void aMissingOrBlankPasswordIsRefused(String password) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new Password(password));

        assertEquals("password", e.field());
    }

    @Test
    void aPasswordWithControlCharactersIsRefusedWithoutEchoingIt() {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new Password("hunter2\u0000"));

        assertEquals("password", e.field());
        assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
    }

    @Test
    void toStringNeverRevealsThePassword() {
        Password password = new Password(SECRET);

        assertEquals("Password[****]", password.toString());
        assertFalse(password.toString().contains("horse"));
    }

    @Test
    void toStringOfAHashNeverRevealsTheHash() {
        String encoded = "$argon2id$v=19$m=65536,t=3,p=1$c2FsdHNhbHQ$aGFzaGhhc2g";
        PasswordHash hash = new PasswordHash(encoded);

        assertEquals("PasswordHash[****]", hash.toString());
        assertFalse(hash.toString().contains("argon2id"));
        assertEquals(encoded, hash.encoded());
    }

    @Test
    void aHashIsRequired() {
        assertThrows(NullPointerException.class, () -> new PasswordHash(null));
    }
}
