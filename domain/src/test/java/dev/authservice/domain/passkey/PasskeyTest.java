package dev.authservice.domain.passkey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The rules of passkeys, their names, ids and challenges. */
class PasskeyTest {

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00.123456Z");
    private static final UserId OWNER = UserId.of("a11ce000-0000-4000-8000-000000000001");

    @Test
    void bytesAreComparedByContentAndWrittenAsBase64Url() {
        ByteString bytes = ByteString.of(new byte[] {(byte) 0xfb, (byte) 0xff, 0x01});

        assertEquals("-_8B", bytes.base64Url());
        assertEquals(bytes, ByteString.base64Url("x", "-_8B"));
        assertEquals(bytes.hashCode(), ByteString.base64Url("x", "-_8B").hashCode());
        assertNotEquals(bytes, ByteString.of(new byte[] {1}));
    }

    @Test
    void bytesCannotBeChangedFromOutside() {
        byte[] given = {1, 2, 3};
        ByteString bytes = ByteString.of(given);
        given[0] = 9;
        bytes.bytes()[1] = 9;

        assertEquals(ByteString.of(new byte[] {1, 2, 3}), bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a+b/", "not base64!"})
    void textThatIsNotBase64UrlIsRefusedNamingTheField(String text) {
        InvalidValueException refused = assertThrows(InvalidValueException.class,
                () -> ByteString.base64Url("rawId", text));

        assertEquals("rawId", refused.field());
    }

    @Test
    void aCredentialIdHas16To1023Bytes() {
        assertEquals(16, new CredentialId(ByteString.of(new byte[16])).value().length());
        assertEquals(1023, new CredentialId(ByteString.of(new byte[1023])).value().length());
        assertThrows(InvalidValueException.class, () -> new CredentialId(ByteString.of(new byte[15])));
        assertThrows(InvalidValueException.class, () -> new CredentialId(ByteString.of(new byte[1024])));
    }

    @Test
    void aNameIsShortPlainText() {
        assertEquals("Work laptop", new PasskeyName("Work laptop").value());
        assertThrows(InvalidValueException.class, () -> new PasskeyName(" "));
        assertThrows(InvalidValueException.class, () -> new PasskeyName("x".repeat(PasskeyName.MAX_LENGTH + 1)));
        assertThrows(InvalidValueException.class, () -> new PasskeyName("a\nb"));
        assertEquals(new PasskeyName("Passkey of 2026-03-01"), PasskeyName.byDefault(NOW));
    }

    /** An override, an embedding, an isolate and the marks turn the list around a name, so each is refused. */
    @ParameterizedTest
    @ValueSource(strings = {"\u202Epot", "Work\u202B laptop", "Work \u2067laptop", "Phone\u200F", "\u061CPhone"})
    void aNameWithABidiControlIsRefusedNamingIt(String name) {
        InvalidValueException refused = assertThrows(InvalidValueException.class, () -> new PasskeyName(name));

        assertEquals("name", refused.field());
        assertEquals(String.format("name must not hold bidirectional text controls, such as U+%04X",
                name.codePoints().filter(cp -> cp > 0x7F).findFirst().orElseThrow()), refused.getMessage());
    }

    /** Joiners and variation selectors are no bidi controls: they hold an emoji together. */
    @Test
    void aNameWithAnEmojiIsKept() {
        String name = "\uD83D\uDC69\u200D\uD83D\uDCBB \u2764\uFE0F Work";

        assertEquals(name, new PasskeyName(name).value());
    }

    /** A client ignores a transport it does not know; so does a passkey, and keeps WebAuthn's once each, in order. */
    @Test
    void aPasskeyKeepsTheTransportsWebAuthnDefinesOnceEachInOrder() {
        Passkey passkey = withTransports(List.of("usb", "carrier-pigeon", "internal", "usb", "smart-card", "nfc",
                "ble", "hybrid", "USB", "x".repeat(10_000)));

        assertEquals(List.of("ble", "hybrid", "internal", "nfc", "smart-card", "usb"), passkey.transports());
        assertEquals(List.of(), withTransports(List.of("cable", "")).transports());
    }

    @Test
    void aRegisteredPasskeyIsUnusedAndKeptToTheMillisecond() {
        Passkey passkey = register(true, true);

        assertEquals(Instant.parse("2026-03-01T10:00:00.123Z"), passkey.createdAt());
        assertEquals(Optional.empty(), passkey.lastUsedAt());
    }

    @Test
    void aPasskeyNotEligibleForBackupCannotBeBackedUp() {
        register(true, false);
        register(false, false);
        assertThrows(IllegalArgumentException.class, () -> register(false, true));
    }

    @Test
    void aUserHoldsAtMostTenPasskeys() {
        assertTrue(Passkey.mayAddTo(0));
        assertTrue(Passkey.mayAddTo(Passkey.MAX_PER_USER - 1));
        assertFalse(Passkey.mayAddTo(Passkey.MAX_PER_USER));
        assertEquals(10, Passkey.MAX_PER_USER);
    }

    @Test
    void aChallengeExpiresFiveMinutesAfterItWasIssued() {
        PasskeyChallenge challenge = PasskeyChallenge.issue(ByteString.of(new byte[32]), OWNER,
                ByteString.of(new byte[32]), NOW);

        assertFalse(challenge.isExpiredAt(NOW));
        assertFalse(challenge.isExpiredAt(Instant.parse("2026-03-01T10:04:59.122Z")));
        assertTrue(challenge.isExpiredAt(Instant.parse("2026-03-01T10:05:00.123Z")));
    }

    @Test
    void aChallengeHasAtLeast16Bytes() {
        assertThrows(IllegalArgumentException.class, () -> PasskeyChallenge.issue(ByteString.of(new byte[15]), OWNER,
                ByteString.of(new byte[32]), NOW));
    }

    @Test
    void aRelyingPartyNamesAtLeastOneOrigin() {
        assertThrows(IllegalArgumentException.class, () -> new RelyingParty("localhost", "auth-service", Set.of()));
        assertThrows(InvalidValueException.class,
                () -> new RelyingParty(" ", "auth-service", Set.of("http://localhost:8080")));
    }

    private static Passkey withTransports(List<String> transports) {
        return Passkey.register(new CredentialId(ByteString.of(new byte[16])), OWNER, ByteString.of(new byte[32]),
                new PasskeyName("Phone"), ByteString.of(new byte[77]), 0, true, true, transports, new UUID(0, 0), NOW);
    }

    private static Passkey register(boolean backupEligible, boolean backedUp) {
        return Passkey.register(new CredentialId(ByteString.of(new byte[16])), OWNER, ByteString.of(new byte[32]),
                new PasskeyName("Phone"), ByteString.of(new byte[77]), 0, backupEligible, backedUp,
                List.of("internal"), new UUID(0, 0), NOW);
    }
}
