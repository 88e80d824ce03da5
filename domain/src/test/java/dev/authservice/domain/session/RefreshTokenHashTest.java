package dev.authservice.domain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.Sha256;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RefreshTokenHashTest {

    @Test
    void hashOfAbcIsTheSha256TestVectorInLowerCaseHex() {
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                RefreshTokenHash.of("abc").hex());
    }

    @Test
    void hashOfTheEmptyTextIsTheSha256OfNothing() {
        assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                RefreshTokenHash.of("").hex());
    }

    @Test
    void theSameTokenAlwaysHashesTheSameAndAnotherDoesNot() {
        assertEquals(RefreshTokenHash.of("token-1"), RefreshTokenHash.of("token-1"));
        assertNotEquals(RefreshTokenHash.of("token-1"), RefreshTokenHash.of("token-2"));
    }

    @Test
    void aHashHasExactly64HexCharacters() {
        assertThrows(IllegalArgumentException.class, () -> new RefreshTokenHash("a".repeat(63)));
        assertThrows(IllegalArgumentException.class, () -> new RefreshTokenHash("a".repeat(65)));
        assertThrows(IllegalArgumentException.class, () -> new RefreshTokenHash("A".repeat(64)));
        assertThrows(IllegalArgumentException.class, () -> new RefreshTokenHash("g".repeat(64)));
        assertThrows(NullPointerException.class, () -> new RefreshTokenHash(null));
        assertEquals("a".repeat(64), new RefreshTokenHash("a".repeat(64)).hex());
    }

    @Test
    void toStringShowsOnlyAPrefix() {
        RefreshTokenHash hash = RefreshTokenHash.of("abc");

        assertEquals("RefreshTokenHash[ba7816bf...]", hash.toString());
        assertFalse(hash.toString().contains(hash.hex()));
    }

    @Test
    void aPresentedTokenIsHashedWhenItCanBeOne() {
        String longest = "t".repeat(Sha256.MAX_PRESENTED_LENGTH);

        assertEquals(Optional.of(RefreshTokenHash.of("abc")), RefreshTokenHash.ofPresented("abc"));
        assertEquals(Optional.of(RefreshTokenHash.of(longest)), RefreshTokenHash.ofPresented(longest));
    }

    @Test
    void aMissingEmptyOrOverLongPresentedTokenNamesNothing() {
        assertEquals(Optional.empty(), RefreshTokenHash.ofPresented(null));
        assertEquals(Optional.empty(), RefreshTokenHash.ofPresented(""));
        assertEquals(Optional.empty(),
                RefreshTokenHash.ofPresented("t".repeat(Sha256.MAX_PRESENTED_LENGTH + 1)));
    }
}
