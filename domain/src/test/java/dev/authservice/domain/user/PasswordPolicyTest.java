package dev.authservice.domain.user;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PasswordPolicyTest {

    private static final int MIN_LENGTH = 15;
    private static final Username ALICE = new Username("alice");
    /** Kept in mixed case on purpose: the list matches whatever the case on either side. */
    private static final Set<String> COMMON = Set.of("Password1234567890", "qwertyuiopasdfgh", "iloveyou12345678");

    private final PasswordPolicy policy = new PasswordPolicy(MIN_LENGTH, COMMON);

    @Test
    void aPasswordOneCharacterShortOfTheMinimumIsRefusedSayingHowLongItMustBe() {
        Optional<String> problem = problemWith("x".repeat(MIN_LENGTH - 1));

        assertEquals(Optional.of("the password must be at least 15 characters long"), problem);
    }

    @Test
    void aPasswordOfExactlyTheMinimumLengthIsAccepted() {
        assertEquals(Optional.empty(), problemWith("tulip-harbor-9z"));
        assertEquals(MIN_LENGTH, "tulip-harbor-9z".length());
    }

    @Test
    void theLengthIsCountedInCodePointsSoAnEmojiCountsOnce() {
        // Fourteen keys and a tulip: one emoji fifteen times would be refused as a repetition.
        String fifteenEmoji = "\uD83D\uDD11".repeat(MIN_LENGTH - 1) + "\uD83C\uDF37"; // two UTF-16 units each
        String fourteenEmoji = "\uD83D\uDD11".repeat(MIN_LENGTH - 1);

        assertEquals(Optional.empty(), problemWith(fifteenEmoji));
        // 28 UTF-16 units, but 14 characters as a person counts them: too short.
        assertEquals(2 * (MIN_LENGTH - 1), fourteenEmoji.length());
        assertTrue(problemWith(fourteenEmoji).isPresent());
    }

    @Test
    void lengthIsCountedInCodePointsAfterNormalisationAsNistSays() {
        // NIST SP 800-63B: normalise, then "each Unicode code point SHALL be counted as a single character".
        // An e with a combining accent becomes one code point; a q has no precomposed form and keeps two.
        String thirteen = "les vacances ";
        assertEquals(Optional.empty(), problemWith(thirteen + "e\u0301e\u0301"));
        assertTrue(problemWith(thirteen + "e\u0301").isPresent(), "14 code points once normalised");
        assertEquals(Optional.empty(), problemWith("les vacances" + "q\u0301q\u0301"), "16: a q has no precomposed form");
        assertTrue(problemWith("les vacance" + "q\u0301").isPresent(), "13 code points");
    }

    @Test
    void aPasswordContainingTheUsernameIsRefusedWhateverTheCase() {
        assertEquals(Optional.of("the password must not contain the username"),
                problemWith("my-name-is-ALICE-and-that-is-that"));
        assertTrue(policy.problemWith(new Password("long-enough-but-alice-inside"), new Username("Alice"))
                .isPresent());
        assertTrue(problemWith("aliceliddellwonderland").isPresent());
    }

    @Test
    void theUsernameCheckFoldsTheCaseOfNonAsciiLettersToo() {
        Username ärger = new Username("ÄRGER");

        assertTrue(policy.problemWith(new Password("so-viel-ärger-heute"), ärger).isPresent());
    }

    @Test
    void aPasswordOnlyResemblingTheUsernameIsAccepted() {
        assertEquals(Optional.empty(), problemWith("al-ice-in-wonderland"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Password1234567890", "password1234567890", "PASSWORD1234567890", "QwErTyUiOpAsDfGh"})
    void aCommonPasswordIsRefusedWhateverTheCase(String common) {
        assertEquals(Optional.of("the password is too common: it appears in lists of leaked passwords"),
                problemWith(common));
    }

    @Test
    void onlyTheWholePasswordIsComparedWithTheCommonList() {
        assertEquals(Optional.empty(), problemWith("iloveyou12345678-and-more"));
    }

    @Test
    void theCommonListIsCopiedSoLaterChangesToTheGivenSetDoNotCount() {
        Set<String> list = new HashSet<>(Set.of("qwertyuiopasdfgh"));
        PasswordPolicy copied = new PasswordPolicy(MIN_LENGTH, list);

        list.add("correcthorsebatterystaple");

        assertEquals(Optional.empty(), copied.problemWith(new Password("correcthorsebatterystaple"), ALICE));
        assertThrows(UnsupportedOperationException.class, () -> copied.commonPasswords().add("x"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "пароль-который-длинный",      // Cyrillic
            "我的密码是一个很长的句子真的很长",     // CJK, 16 code points
            "κωδικός πρόσβασης μακρύς",    // Greek with spaces
            "\uD83D\uDC31\uD83D\uDC36\uD83D\uDC2D\uD83D\uDC39\uD83D\uDC30\uD83E\uDD8A\uD83D\uDC3B\uD83D\uDC3C"
                    + "\uD83D\uDC28\uD83D\uDC2F\uD83E\uDD81\uD83D\uDC2E\uD83D\uDC37\uD83D\uDC38\uD83D\uDC35", // 15 animals
            "  spaces  around and inside  ",
            "tab-free \"quotes\" & <symbols> ü ß ø"})
    void anyUnicodeIsAllowed(String password) {
        assertEquals(Optional.empty(), problemWith(password));
    }

    @Test
    void thereAreNoCompositionRulesSoALongLowerCasePassphrasePasses() {
        assertEquals(Optional.empty(), problemWith("correct horse battery staple"));
        assertEquals(Optional.empty(), problemWith("correcthorsebatterystaple"));
        assertEquals(Optional.empty(), problemWith("418093276518392047"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"aaaaaaaaaaaaaaaa", "passwordpassword", "abcabcabcabcabcabc", "IloveyouILOVEYOU"})
    void aShortPieceRepeatedIsRefused(String password) {
        assertEquals(Optional.of("the password must not be one short piece repeated"), problemWith(password));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0123456789012345", "123456789012345678", "abcdefghijklmnopq", "zyxwvutsrqponmlk",
            "9876543210987654"})
    void aSequenceOfConsecutiveCharactersIsRefused(String password) {
        assertEquals(Optional.of("the password must not be a sequence of consecutive characters"),
                problemWith(password));
    }

    @Test
    void theLengthIsCheckedFirst() {
        // Too short and containing the username: the length is what the person must fix first.
        assertEquals(Optional.of("the password must be at least 15 characters long"), problemWith("alice123"));
    }

    @Test
    void aMinimumBelowEightIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new PasswordPolicy(7, Set.of()));
        assertThrows(IllegalArgumentException.class, () -> new PasswordPolicy(0, Set.of()));
        assertThrows(IllegalArgumentException.class, () -> new PasswordPolicy(-15, Set.of()));
    }

    @Test
    void aMinimumOfEightIsTheLowestAccepted() {
        PasswordPolicy lowest = assertDoesNotThrow(() -> new PasswordPolicy(8, Set.of()));

        assertEquals(Optional.empty(), lowest.problemWith(new Password("8letters"), ALICE));
        assertTrue(lowest.problemWith(new Password("7letter"), ALICE).isPresent());
    }

    @Test
    void theMessagesNeverEchoThePassword() {
        for (String password : Set.of("shorty", "my-name-is-alice-indeed", "password1234567890")) {
            String problem = problemWith(password).orElseThrow();
            assertFalse(problem.contains(password), problem);
        }
    }

    @Test
    void theUsernameIsRequired() {
        assertThrows(NullPointerException.class, () -> policy.problemWith(new Password("long-enough-passphrase"), null));
    }

    private Optional<String> problemWith(String password) {
        return policy.problemWith(new Password(password), ALICE);
    }
}
