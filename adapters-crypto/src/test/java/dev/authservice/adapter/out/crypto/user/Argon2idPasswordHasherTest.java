package dev.authservice.adapter.out.crypto.user;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.mkammerer.argon2.Argon2;
import de.mkammerer.argon2.Argon2Factory;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordHash;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Argon2idPasswordHasherTest {

    private final Argon2idPasswordHasher hasher = new Argon2idPasswordHasher();

    @Test
    void aPasswordMatchesItsOwnHash() {
        PasswordHash hash = hasher.hash(new Password("alice-password"));

        assertTrue(hasher.verify(new Password("alice-password"), hash));
    }

    @Test
    void anotherPasswordDoesNotMatch() {
        PasswordHash hash = hasher.hash(new Password("alice-password"));

        assertFalse(hasher.verify(new Password("alice-Password"), hash));
        assertFalse(hasher.verify(new Password("alice-password "), hash));
    }

    /** An account without a password: whatever is typed, even the mark itself, matches nothing. */
    @Test
    void noPasswordMatchesTheHashOfNone() {
        assertFalse(hasher.verify(new Password("alice-password"), PasswordHash.NONE));
        assertFalse(hasher.verify(new Password(PasswordHash.NONE.encoded()), PasswordHash.NONE));
    }

    @Test
    void aPasswordMatchesItsHashWhicheverWayItsAccentsWereTyped() {
        PasswordHash hash = hasher.hash(new Password("d\u00e9j\u00e0 vu, encore une fois"));

        assertTrue(hasher.verify(new Password("de\u0301ja\u0300 vu, encore une fois"), hash));
    }

    @Test
    void aUnicodePasswordMatchesOnlyItself() {
        PasswordHash hash = hasher.hash(new Password("Grüße, 世界 🔑"));

        assertTrue(hasher.verify(new Password("Grüße, 世界 🔑"), hash));
        assertFalse(hasher.verify(new Password("Gruße, 世界 🔑"), hash));
    }

    @Test
    void everyCharacterOfTheLongestPasswordCounts() {
        String longest = "x".repeat(Password.MAX_LENGTH - 1);
        PasswordHash hash = hasher.hash(new Password(longest + "a"));

        assertTrue(hasher.verify(new Password(longest + "a"), hash));
        assertFalse(hasher.verify(new Password(longest + "b"), hash));
    }

    @Test
    void theSamePasswordHashesDifferentlyEachTime() {
        Password password = new Password("alice-password");

        assertNotEquals(hasher.hash(password).encoded(), hasher.hash(password).encoded());
    }

    @Test
    void theHashRecordsAlgorithmVersionAndParameters() {
        String encoded = hasher.hash(new Password("alice-password")).encoded();

        assertTrue(encoded.startsWith("$argon2id$v=19$m=19456,t=2,p=1$"), encoded);
    }

    @Test
    void aHashMadeWithOtherParametersStillVerifies() {
        PasswordHash cheap = new Argon2idPasswordHasher(new Argon2Parameters(8_192, 1, 1), 1)
                .hash(new Password("alice-password"));

        assertTrue(cheap.encoded().startsWith("$argon2id$v=19$m=8192,t=1,p=1$"), cheap.encoded());
        assertTrue(hasher.verify(new Password("alice-password"), cheap));
    }

    @Test
    void hashesMadeByTheReferenceEncoderVerifyAndOursVerifyThere() {
        Argon2 reference = Argon2Factory.create(Argon2Factory.Argon2Types.ARGON2id);
        char[] password = "alice-password".toCharArray();

        assertTrue(hasher.verify(new Password("alice-password"),
                new PasswordHash(reference.hash(2, 19_456, 1, password, UTF_8))));
        assertTrue(reference.verify(hasher.hash(new Password("alice-password")).encoded(), password, UTF_8));
        assertFalse(reference.verify(hasher.hash(new Password("alice-passwore")).encoded(), password, UTF_8));
    }

    @Test
    void hashesOfDifferentSizesFollowEachOtherOnOneThread() {
        Argon2idPasswordHasher oneThread = new Argon2idPasswordHasher(Argon2Parameters.OWASP_RECOMMENDED, 1);
        PasswordHash small = new Argon2idPasswordHasher(new Argon2Parameters(8_192, 1, 1), 1)
                .hash(new Password("alice-password"));
        PasswordHash large = new Argon2idPasswordHasher(new Argon2Parameters(32_768, 1, 2), 1)
                .hash(new Password("alice-password"));

        assertTrue(oneThread.verify(new Password("alice-password"), small));
        assertTrue(oneThread.verify(new Password("alice-password"), large));
        assertTrue(oneThread.verify(new Password("alice-password"), small));
        assertFalse(oneThread.verify(new Password("alice-passwore"), large));
    }

    @Test
    void hashingGoesOnAfterTheHashingThreadsHaveEndedForIdleness() throws InterruptedException {
        PasswordHash hash = hasher.hash(new Password("alice-password"));

        Thread.sleep(Argon2idPasswordHasher.IDLE_THREAD_LIFETIME.plusMillis(500).toMillis());

        assertTrue(Thread.getAllStackTraces().keySet().stream()
                .noneMatch(thread -> thread.getName().startsWith("argon2id-")), "the idle hashing threads ended");
        assertTrue(hasher.verify(new Password("alice-password"), hash));
        assertFalse(hasher.verify(new Password("alice-passwore"), hash));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "",
            "alice-password",
            "$argon2id$v=19$m=19456,t=2,p=1$",
            "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$",
            "$argon2id$v=19$m=19456,t=2,p=1$!!!$!!!",
            "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$4",
            "$argon2id$v=16$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$4nBDM6x/pLfwdPFhy0V5QHLjvbIaWlI3YpfEdTJSsz4",
            "$argon2id$v=19$m=99999999999,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$4nBDM6x/pLfwdPFhy0V5QHLjvbIaWlI3YpfEdTJSsz4",
            "$argon2id$v=19$m=19456,t=0,p=1$c2FsdHNhbHRzYWx0c2FsdA$4nBDM6x/pLfwdPFhy0V5QHLjvbIaWlI3YpfEdTJSsz4",
            "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$4nBDM6x/pLfwdPFhy0V5QHLjvbIaWlI3YpfEdTJSsz4",
            "$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$4nBDM6x/pLfwdPFhy0V5QHLjvbIaWlI3YpfEdTJSsz4",
            "$2a$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy"})
    void aMalformedHashIsAMismatchNotAnError(String encoded) {
        assertFalse(hasher.verify(new Password("alice-password"), new PasswordHash(encoded)));
    }

    @Test
    void aTruncatedHashIsAMismatch() {
        String encoded = hasher.hash(new Password("alice-password")).encoded();
        PasswordHash truncated = new PasswordHash(encoded.substring(0, encoded.length() - 5));

        assertFalse(hasher.verify(new Password("alice-password"), truncated));
    }

    @Test
    void parametersArgon2CannotRunAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new Argon2Parameters(19_456, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new Argon2Parameters(19_456, 2, 0));
        assertThrows(IllegalArgumentException.class, () -> new Argon2Parameters(15, 2, 2));
    }

    @Test
    void aHashMadeWithOtherParametersNeedsARehashAndOneWithTheCurrentOnesDoesNot() {
        Argon2idPasswordHasher cheap = new Argon2idPasswordHasher(new Argon2Parameters(8_192, 1, 1), 1);
        PasswordHash old = cheap.hash(new Password("correct horse battery staple"));

        assertTrue(hasher.needsRehash(old));
        assertFalse(hasher.needsRehash(hasher.hash(new Password("correct horse battery staple"))));
        assertFalse(cheap.needsRehash(old));
    }
}
