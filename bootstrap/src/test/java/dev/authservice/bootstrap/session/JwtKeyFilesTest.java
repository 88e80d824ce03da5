package dev.authservice.bootstrap.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.adapter.out.crypto.session.JwtAlgorithm;
import dev.authservice.adapter.out.crypto.session.JwtKey;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The key files as the configuration names them, and the one line that stops the start when one will not do. */
public class JwtKeyFilesTest {

    @TempDir
    Path directory;

    @Test
    void aDevelopmentKeyIsMadeOnceAndKeptSoTokensSurviveARestart() throws Exception {
        JwtKey first = JwtKeyFiles.signingKey(JwtAlgorithm.EdDSA, null, directory.resolve("data"));
        JwtKey afterARestart = JwtKeyFiles.signingKey(JwtAlgorithm.EdDSA, null, directory.resolve("data"));

        assertEquals(first.keyId(), afterARestart.keyId());
        Path kept = directory.resolve("data/jwt-eddsa-signing-key.pem");
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(kept)));
    }

    @Test
    void withoutADevelopmentDirectoryASigningKeyFileIsRequired() {
        assertRefused("auth.jwt.signing-key-file (AUTH_JWT_SIGNING_KEY_FILE) is required with ES256 outside the dev "
                + "and test environments: the PEM file of an EC P-256 key",
                () -> JwtKeyFiles.signingKey(JwtAlgorithm.ES256, null, null));
    }

    @Test
    void aMissingFileIsNamed() {
        Path missing = directory.resolve("missing.pem");

        assertRefused("auth.jwt.signing-key-file (AUTH_JWT_SIGNING_KEY_FILE): cannot read " + missing
                + " (NoSuchFileException)", () -> JwtKeyFiles.signingKey(JwtAlgorithm.ES256, missing.toString(), null));
        assertRefused("auth.jwt.verification-key-files (AUTH_JWT_VERIFICATION_KEY_FILES): cannot read " + missing
                + " (NoSuchFileException)",
                () -> JwtKeyFiles.verificationKeys(JwtAlgorithm.ES256, List.of(missing.toString())));
    }

    @Test
    void aKeyOfAnotherAlgorithmIsNamed() throws Exception {
        Path rsa = Files.writeString(directory.resolve("rsa.pem"), JwtKey.generatePem(JwtAlgorithm.RS256));

        assertRefused("auth.jwt.signing-key-file (AUTH_JWT_SIGNING_KEY_FILE): " + rsa
                + " has no SPKI public key that is an Ed25519 key (EdDSA)",
                () -> JwtKeyFiles.signingKey(JwtAlgorithm.EdDSA, rsa.toString(), null));
    }

    @Test
    void anRsaKeyUnder2048BitsIsNamed() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(1024);
        Path weak = Files.writeString(directory.resolve("weak.pem"), pem(generator.generateKeyPair()));

        assertRefused("auth.jwt.signing-key-file (AUTH_JWT_SIGNING_KEY_FILE): " + weak
                + " holds an RSA key of 1024 bits, fewer than the 2048 RS256 needs",
                () -> JwtKeyFiles.signingKey(JwtAlgorithm.RS256, weak.toString(), null));
    }

    @Test
    void anUnknownAlgorithmIsNamed() {
        assertRefused("auth.jwt.algorithm (AUTH_JWT_ALGORITHM) must be one of [HS256, ES256, EdDSA, RS256], "
                + "not 'ES512'", () -> AccessTokenKeysFactory.algorithm("ES512"));
    }

    /** What {@code openssl genpkey} and {@code openssl pkey -pubout} write, one after the other. */
    public static String pem(KeyPair pair) {
        Base64.Encoder base64 = Base64.getMimeEncoder(64, new byte[] {'\n'});
        return "-----BEGIN PRIVATE KEY-----\n" + base64.encodeToString(pair.getPrivate().getEncoded())
                + "\n-----END PRIVATE KEY-----\n-----BEGIN PUBLIC KEY-----\n"
                + base64.encodeToString(pair.getPublic().getEncoded()) + "\n-----END PUBLIC KEY-----\n";
    }

    private static void assertRefused(String message, Runnable start) {
        assertEquals(message, assertThrows(MisconfigurationException.class, start::run).getMessage());
    }
}
