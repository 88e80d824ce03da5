package dev.authservice.bootstrap.federation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.nimbusds.jose.JWSAlgorithm;
import dev.authservice.adapter.out.oidc.federation.ClientCredentials;
import dev.authservice.adapter.out.oidc.federation.ClientCredentials.AssertionAudience;
import dev.authservice.adapter.out.oidc.federation.ProviderSettings;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A provider's client credentials as configured: a secret, or a PEM file of a private key, and never both; each
 * mistake stops the start with one line naming the keys.
 */
class IdentityProviderPropertiesTest {

    private static final String PREFIX = "auth.identity-providers.staff.";

    @TempDir
    Path directory;

    private static IdentityProviderProperties staff() {
        IdentityProviderProperties properties = new IdentityProviderProperties("staff");
        properties.setIssuer("https://sso.example.com/realms/staff");
        properties.setClientId("auth-service");
        return properties;
    }

    private static ProviderSettings settings(IdentityProviderProperties properties) {
        return FederationUseCaseFactory.settings(properties, "https://auth.example.com");
    }

    private static String refusal(IdentityProviderProperties properties) {
        return assertThrows(MisconfigurationException.class, () -> settings(properties)).getMessage();
    }

    private Path ecKeyFile() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        Path file = directory.resolve("staff-client-key.pem");
        Files.writeString(file, "-----BEGIN PRIVATE KEY-----\n" + Base64.getMimeEncoder().encodeToString(
                generator.generateKeyPair().getPrivate().getEncoded()) + "\n-----END PRIVATE KEY-----\n");
        return file;
    }

    @Test
    void aSecretIsTheClientsCredential() {
        IdentityProviderProperties properties = staff();
        properties.setClientSecret("s3cret");
        assertEquals(new ClientCredentials.Secret("s3cret"), settings(properties).credentials());
    }

    @Test
    void aPrivateKeyFileIsReadWithItsKeyIdAndAlgorithm() throws Exception {
        IdentityProviderProperties properties = staff();
        properties.setPrivateKeyFile(ecKeyFile().toString());
        properties.setKeyId("staff-2026");
        ClientCredentials.SigningKey key = assertInstanceOf(ClientCredentials.SigningKey.class,
                settings(properties).credentials());
        assertEquals(JWSAlgorithm.ES256, key.algorithm());
        assertEquals(Optional.of("staff-2026"), key.keyId());
        assertEquals(AssertionAudience.ISSUER, key.audience());

        properties.setClientAssertionAudience("token-endpoint");
        assertEquals(AssertionAudience.TOKEN_ENDPOINT,
                ((ClientCredentials.SigningKey) settings(properties).credentials()).audience());
        properties.setClientAssertionAudience("https://sso.example.com/token");
        assertEquals(PREFIX + "client-assertion-audience is issuer or token-endpoint, not "
                + "https://sso.example.com/token", refusal(properties));
    }

    @Test
    void exactlyOneOfASecretAndAKeyIsSet() throws Exception {
        assertEquals(PREFIX + "client-secret or " + PREFIX + "private-key-file must be set", refusal(staff()));

        IdentityProviderProperties both = staff();
        both.setClientSecret("s3cret");
        both.setPrivateKeyFile(ecKeyFile().toString());
        assertEquals(PREFIX + "client-secret and " + PREFIX + "private-key-file are both set: set one of them",
                refusal(both));

        IdentityProviderProperties keyIdWithASecret = staff();
        keyIdWithASecret.setClientSecret("s3cret");
        keyIdWithASecret.setSigningAlgorithm("RS256");
        assertEquals(PREFIX + "key-id, " + PREFIX + "signing-algorithm and " + PREFIX + "client-assertion-audience go "
                + "with " + PREFIX + "private-key-file, not with client-secret", refusal(keyIdWithASecret));
    }

    @Test
    void aKeyFileThatCannotBeReadOrCannotSignStopsTheStart() throws Exception {
        IdentityProviderProperties missing = staff();
        Path nowhere = directory.resolve("missing.pem");
        missing.setPrivateKeyFile(nowhere.toString());
        assertEquals(PREFIX + "private-key-file: cannot read " + nowhere + " (NoSuchFileException)",
                refusal(missing));

        IdentityProviderProperties wrongAlgorithm = staff();
        Path key = ecKeyFile();
        wrongAlgorithm.setPrivateKeyFile(key.toString());
        wrongAlgorithm.setSigningAlgorithm("RS256");
        assertEquals(PREFIX + "private-key-file: " + key + " is an EC key, which cannot sign RS256 (ES256 can)",
                refusal(wrongAlgorithm));

        IdentityProviderProperties notAKey = staff();
        Path certificate = directory.resolve("certificate.pem");
        Files.writeString(certificate, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
        notAKey.setPrivateKeyFile(certificate.toString());
        assertEquals(PREFIX + "private-key-file: " + certificate + " holds no unencrypted PKCS#8 \"-----BEGIN "
                + "PRIVATE KEY-----\" alone (convert one with: openssl pkcs8 -topk8 -nocrypt -in key.pem)",
                refusal(notAKey));
    }
}
