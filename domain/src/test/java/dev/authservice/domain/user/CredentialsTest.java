package dev.authservice.domain.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.InvalidValueException;
import org.junit.jupiter.api.Test;

class CredentialsTest {

    @Test
    void credentialsAreBuiltFromTheTypedUsernameAndPassword() {
        Credentials credentials = Credentials.of("alice", "alice-password");

        assertEquals(new Username("alice"), credentials.username());
        assertEquals(new Password("alice-password"), credentials.password());
    }

    @Test
    void aBadUsernameIsReportedAsTheUsername() {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> Credentials.of(" ", "pw"));

        assertEquals("username", e.field());
    }

    @Test
    void aBadPasswordIsReportedAsThePassword() {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> Credentials.of("alice", ""));

        assertEquals("password", e.field());
    }

    @Test
    void bothPartsAreRequired() {
        assertThrows(NullPointerException.class, () -> new Credentials(null, new Password("pw")));
        assertThrows(NullPointerException.class, () -> new Credentials(new Username("alice"), null));
    }

    @Test
    void toStringShowsTheUsernameButNeverThePassword() {
        String text = Credentials.of("alice", "alice-password").toString();

        assertFalse(text.contains("alice-password"), text);
        assertEquals("Credentials[username=alice, password=Password[****]]", text);
    }
}
