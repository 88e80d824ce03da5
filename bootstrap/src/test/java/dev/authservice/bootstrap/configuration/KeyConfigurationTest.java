package dev.authservice.bootstrap.configuration;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Every key the service takes is judged alike, each refusal naming the key and how to make one, never the key: the
 * signing secret, the sealing key and the earlier ones, the grace key; and no two may be the same.
 */
class KeyConfigurationTest {

    /** Each made by {@code openssl rand -base64 32} or {@code -base64 48}. */
    private static final String SECRET = "gXPfiZliFdxcc+1Ripf/K3SdwMnFifc1K/U12PbmIIS+8kJ+M+Ad2lrPBRZ5PMJJ";
    private static final String ENCRYPTION_KEY = "3ApEXuhT4u9bowsEQZVLyIiMNQWglnL0kSGMTiLrJw0=";
    private static final String PREVIOUS_KEY = "IkwtHej5PX3N/LowlQbEUO7xkY/ZpcmUnp/Dh+g2n9U=";
    private static final String GRACE_KEY = "n3sKzwzQdhRgBjhM+v1nKtdvj1EVeqYWwgcj2pOr81w=";
    private static final String ZERO_BYTES = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

    @Test
    void keysOfTheirOwnAreHandedOnAsConfigured() {
        KeyConfiguration keys = new KeyConfiguration(SECRET, ENCRYPTION_KEY, List.of(PREVIOUS_KEY), GRACE_KEY);

        assertEquals(Optional.of(SECRET), keys.jwtSecret());
        assertEquals(Optional.of(ENCRYPTION_KEY), keys.encryptionKey());
        assertEquals(List.of(PREVIOUS_KEY), keys.previousEncryptionKeys());
        assertEquals(Optional.of(GRACE_KEY), keys.reuseGraceKey());
    }

    @Test
    void noKeyConfiguredIsNoKeyAndNothingToJudge() {
        KeyConfiguration keys = assertDoesNotThrow(() -> new KeyConfiguration(null, "", null, null));

        assertEquals(Optional.empty(), keys.jwtSecret());
        assertEquals(Optional.empty(), keys.encryptionKey());
        assertEquals(List.of(), keys.previousEncryptionKeys());
        assertEquals(Optional.empty(), keys.reuseGraceKey());
    }

    @Test
    void aGuessableSecretIsRefusedWithWhyAndHowToMakeOne() {
        assertEquals("auth.jwt.secret (AUTH_JWT_SECRET) is refused: it is not random: its 33 characters, letters of"
                + " one case and digits, carry at most 170 bits, at least 256 are required; it is built from the"
                + " dictionary word 'password' (4 times), worth about 9 bits where random characters would carry 170;"
                + " make one with: openssl rand -base64 32",
                refusal("passwordpasswordpasswordpassword1", null, null, null));
    }

    /** The tutorial key a production started with: a token it signed for an administrator was accepted. */
    @Test
    void aPublishedSecretIsRefusedWithWhereItWasPublished() {
        assertEquals("auth.jwt.secret (AUTH_JWT_SECRET) is refused: it is a published key (the Spring Boot 3 JWT"
                + " tutorial ali-bouali/spring-boot-3-jwt-security, application.yml); make one with: openssl rand"
                + " -base64 32", refusal("404E635266556A586E3272357538782F413F4428472B4B6250645367566B5970", null, null,
                null));
    }

    @Test
    void theSealingKeysAndTheGraceKeyAreJudgedAsTheSecretIs() {
        assertEquals("auth.second-factor.encryption-key (AUTH_SECOND_FACTOR_ENCRYPTION_KEY) is refused: it is not"
                + " random: it is built from a repeated part, worth about 10 bits where random characters would carry"
                + " 258; make one with: openssl rand -base64 32", refusal(SECRET, ZERO_BYTES, null, null));
        assertEquals("key 2 of auth.second-factor.previous-encryption-keys"
                + " (AUTH_SECOND_FACTOR_PREVIOUS_ENCRYPTION_KEYS) is refused: its base64-decoding is a published key (RFC 7520 (JOSE examples), section 3.5); make"
                + " one with: openssl rand -base64 32", refusal(SECRET, ENCRYPTION_KEY,
                List.of(PREVIOUS_KEY, "hJtXIZ2uSN5kbQfbtTNWbpdmhkV8FJG+Onbc6mxCcYg="), null));
        assertEquals("auth.refresh-token.reuse-grace-key (AUTH_REFRESH_TOKEN_REUSE_GRACE_KEY) is refused: its"
                + " base64-decoding is not random: it is built from the dictionary word 'changeme' and a repeated"
                + " part, worth about 17 bits where random characters would carry 165; make one with: openssl rand"
                + " -base64 32",
                refusal(SECRET, ENCRYPTION_KEY, null, "Y2hhbmdlbWVjaGFuZ2VtZWNoYW5nZW1lY2hhbmdlbWU="));
    }

    @Test
    void twoKeysThatAreTheSameAreRefused() {
        assertEquals("auth.refresh-token.reuse-grace-key (AUTH_REFRESH_TOKEN_REUSE_GRACE_KEY) is refused: it is the"
                + " same key as auth.second-factor.encryption-key (AUTH_SECOND_FACTOR_ENCRYPTION_KEY), and each key"
                + " must be its own; make one with: openssl rand -base64 32",
                refusal(SECRET, ENCRYPTION_KEY, null, ENCRYPTION_KEY));
        assertEquals("auth.second-factor.previous-encryption-keys (AUTH_SECOND_FACTOR_PREVIOUS_ENCRYPTION_KEYS) is"
                + " refused: it is the same key as auth.second-factor.encryption-key"
                + " (AUTH_SECOND_FACTOR_ENCRYPTION_KEY), and each key must be its own; make one with: openssl rand"
                + " -base64 32",
                refusal(SECRET, ENCRYPTION_KEY, List.of(ENCRYPTION_KEY), null));
        assertEquals("auth.refresh-token.reuse-grace-key (AUTH_REFRESH_TOKEN_REUSE_GRACE_KEY) is refused: it is the"
                + " same key as auth.jwt.secret (AUTH_JWT_SECRET), and each key must be its own; make one with:"
                + " openssl rand -base64 32", refusal(GRACE_KEY, ENCRYPTION_KEY, null, GRACE_KEY));
    }

    private static String refusal(String secret, String encryptionKey, List<String> previous, String graceKey) {
        String refusal = assertThrows(MisconfigurationException.class,
                () -> new KeyConfiguration(secret, encryptionKey, previous, graceKey)).getMessage();
        for (String key : new String[] {secret, encryptionKey, graceKey}) {
            assertFalse(key != null && refusal.contains(key), "no key is echoed: " + refusal);
        }
        return refusal;
    }
}
