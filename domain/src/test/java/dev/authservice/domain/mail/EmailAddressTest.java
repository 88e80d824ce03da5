package dev.authservice.domain.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.InvalidValueException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class EmailAddressTest {

    @ParameterizedTest
    @ValueSource(strings = {"alice@example.com", "Alice.Smith@Example.COM", "a@b.example", "x+tag@example.com",
            "!#$%&'*+-/=?^_`{|}~@example.com", "zoë@example.com", "用户@例子.测试", "alice@bücher.example"})
    void anAddressIsKeptAsWritten(String address) {
        assertEquals(address, new EmailAddress(address).value());
    }

    @Test
    void whiteSpaceAroundAnAddressIsDropped() {
        assertEquals("alice@example.com", new EmailAddress(" \talice@example.com\n ").value());
    }

    @ParameterizedTest
    @CsvSource({
            "alice@example.com, alice@example.com",
            "Alice@EXAMPLE.com, Alice@example.com",
            "alice@Bücher.Example, alice@xn--bcher-kva.example",
            "alice@ＥＸＡＭＰＬＥ。com, alice@example.com",
            "用户@例子.测试, 用户@xn--fsqu00a.xn--0zwm56d"})
    void theComparisonKeyKeepsTheLocalPartAndTakesTheDomainsAsciiFormInLowerCase(String address, String key) {
        assertEquals(key, new EmailAddress(address).comparisonKey());
    }

    @Test
    void theLocalPartKeepsItsCaseSoThatTwoSpellingsAreTwoMailboxes() {
        EmailAddress alice = new EmailAddress("alice@example.com");

        assertTrue(alice.sameMailboxAs(new EmailAddress("alice@EXAMPLE.COM")));
        assertFalse(alice.sameMailboxAs(new EmailAddress("Alice@example.com")));
        assertNotEquals(alice, new EmailAddress("alice@EXAMPLE.COM"));
    }

    @Test
    void theLocalPartAndTheDomainAreTold() {
        EmailAddress address = new EmailAddress("Zoë@Bücher.Example");

        assertEquals("Zoë", address.localPart());
        assertEquals("xn--bcher-kva.example", address.domain());
        assertEquals("Zoë@Bücher.Example", address.toString());
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {" ", "\t\n"})
    void aMissingOrBlankAddressIsRefused(String address) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new EmailAddress(address));

        assertEquals("email", e.field());
        assertEquals("email must not be blank", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"alice", "alice.example.com", "alice@bob@example.com", "\"a@b\"@example.com"})
    void anAddressWithoutExactlyOneAtIsRefused(String address) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new EmailAddress(address));

        assertEquals("email", e.field());
        assertEquals("email must hold one @ between the local part and the domain", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"@example.com", "ééééééééééééééééééééééééééééééééé@example.com"})
    void aLocalPartThatIsEmptyOrOverSixtyFourOctetsIsRefused(String address) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new EmailAddress(address));

        assertEquals("email must have a local part of 1 to 64 octets before the @", e.getMessage());
    }

    @Test
    void aLocalPartOfSixtyFourOctetsIsAccepted() {
        String local = "é".repeat(32);

        assertEquals(local, new EmailAddress(local + "@example.com").localPart());
    }

    @ParameterizedTest
    @ValueSource(strings = {".alice@example.com", "alice.@example.com", "al..ice@example.com"})
    void aLocalPartWithAStrayDotIsRefused(String address) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new EmailAddress(address));

        assertEquals("email must not begin or end its local part with a dot, nor hold two dots in a row",
                e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiterString = "|", value = {
            "al ice@example.com|U+0020", "<alice>@example.com|U+003C", "al\"ice@example.com|U+0022",
            "al(ice)@example.com|U+0028", "al,ice@example.com|U+002C", "al\\ice@example.com|U+005C",
            "al\u00a0ice@example.com|U+00A0", "al\u200dice@example.com|U+200D", "al\u202eice@example.com|U+202E",
            "al\ue000ice@example.com|U+E000", "al\u0378ice@example.com|U+0378", "al\u2028ice@example.com|U+2028"})
    void aLocalPartWithACharacterNoMailboxNeedsIsRefused(String address, String codePoint) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new EmailAddress(address));

        assertEquals("email", e.field());
        assertEquals("email must not hold " + codePoint + " in its local part", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"alice\u0000@example.com", "alice@exam\u007fple.com", "alice@example.com\u0085x"})
    void anAddressWithControlCharactersIsRefused(String address) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new EmailAddress(address));

        assertEquals("email must not contain control characters", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"alice@exa mple.com", "alice@exa_mple.com", "alice@-example.com", "alice@[192.0.2.1]",
            "alice@example-.com", "alice@" + "a123456789012345678901234567890123456789012345678901234567890123.com"})
    void aDomainThatIsNoHostNameIsRefused(String address) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new EmailAddress(address));

        assertEquals("email must have a domain of letters, digits and hyphens, in any script, between dots",
                e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"alice@", "alice@localhost", "alice@example.com.", "alice@.example.com",
            "alice@example..com"})
    void aDomainOfLessThanTwoLabelsOrWithAnEmptyOneIsRefused(String address) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new EmailAddress(address));

        assertEquals("email", e.field());
    }

    @Test
    void anAddressOfTheMaximumLengthIsAcceptedAndOneLongerIsRefused() {
        String domain = "b".repeat(63) + "." + "c".repeat(63) + "." + "d".repeat(61) + ".ex"; // 253
        String longest = "a".repeat(254 - 1 - domain.length()) + "@" + domain;

        assertEquals(254, new EmailAddress(longest).comparisonKey().length());
        assertThrows(InvalidValueException.class, () -> new EmailAddress("a" + longest));
    }

    @Test
    void anAddressWhoseDomainGrowsOverTheLimitInItsAsciiFormIsRefused() {
        String domain = "ü".repeat(56) + "." + "ü".repeat(56) + "." + "ü".repeat(56) + ".example"; // ASCII: 190
        String local = "a".repeat(64);

        InvalidValueException e = assertThrows(InvalidValueException.class,
                () -> new EmailAddress(local + "@" + domain));

        assertEquals("email must be at most 254 octets with its domain in IDNA form", e.getMessage());
    }
}
