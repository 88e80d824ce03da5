package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.adapter.out.crypto.session.JwtAlgorithm;
import dev.authservice.adapter.out.crypto.session.JwtKey;
import dev.authservice.bootstrap.session.JwtKeyFilesTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The built jar, started as a user would start it (H2 in ./data of its working directory), driven over real HTTP.
 * Runs in Maven's integration-test phase, after the jar is packaged.
 */
public class EndToEndIT {

    /** Development with a fixed secret, so that access tokens from before a restart still verify after it. */
    private static final Map<String, String> DEV = Map.of(
            "MICRONAUT_ENVIRONMENTS", "dev", "AUTH_JWT_SECRET", Tokens.TEST_SECRET);
    /** The key that seals TOTP secrets, which a deployment must give as it gives the signing secret. */
    private static final String ENCRYPTION_KEY = "Vx2kq9Jd3mL0pR7sT1uW5yZ8bC4eF6gH2iK3nM9oQ0A=";

    @RegisterExtension
    final ServiceJar service = new ServiceJar();

    /** The README's first command: no environment named, nothing configured. */
    @Test
    void aUserLogsInReadsRefreshesIsCaughtReplayingAndLogsOut() throws Exception {
        Http http = service.start(Map.of());

        Http.Answer login = http.logIn("alice", "alice-password");
        assertEquals(200, login.status(), login.toString());
        String auth = "Bearer " + login.accessToken();
        assertEquals("alice", http.get("/api/user/profile", "Authorization", auth).data().get("username"));
        assertEquals(30, http.get("/api/user/orders", "Authorization", auth).data().get("totalElements"));

        Http.Answer refreshed = http.refresh(login.refreshToken());
        assertEquals(200, refreshed.status(), refreshed.toString());
        Http.Answer replay = http.refresh(login.refreshToken());
        assertEquals(401, replay.status());
        assertEquals("INVALID_REFRESH_TOKEN", replay.errorCode());
        assertEquals(401, http.refresh(refreshed.refreshToken()).status(), "reuse revoked the whole session");

        Http.Answer again = http.logIn("alice", "alice-password");
        String newAuth = "Bearer " + again.accessToken();
        assertEquals(204, http.post("/api/logout", "", "Authorization", newAuth).status());
        assertEquals("TOKEN_REVOKED", http.get("/api/user/profile", "Authorization", newAuth).errorCode());
    }

    @Test
    void refreshTokensAndRevocationsSurviveARestart() throws Exception {
        Http http = service.start(DEV);
        String kept = http.logIn("bob", "bob-password").refreshToken();
        Http.Answer loggedOut = http.logIn("bob", "bob-password");
        http.post("/api/logout", "", "Authorization", "Bearer " + loggedOut.accessToken());
        service.close();

        http = service.start(DEV);

        Http.Answer refreshed = http.refresh(kept);
        assertEquals(200, refreshed.status(), refreshed.toString());
        assertEquals(401, http.refresh(loggedOut.refreshToken()).status());
        assertEquals("TOKEN_REVOKED", http.get("/api/user/profile", "Authorization",
                "Bearer " + loggedOut.accessToken()).errorCode());
        assertEquals(200, http.get("/api/user/profile", "Authorization", "Bearer " + refreshed.accessToken())
                .status());
        assertEquals(3, http.get("/api/user/orders", "Authorization", "Bearer " + refreshed.accessToken())
                .data().get("totalElements"), "the demo data is seeded once, not again at the restart");
        assertTrue(Files.isDirectory(service.directory().resolve("data")), "H2 keeps its files in ./data");
    }

    /** Any environment but dev and test, prod or one of a deployment's own: the signing secret is required. */
    @ParameterizedTest
    @ValueSource(strings = {"prod", "staging"})
    void withoutADevelopmentEnvironmentTheServiceRefusesToStartWithoutASigningSecret(String environment)
            throws Exception {
        String output = service.refusedStart(Map.of("MICRONAUT_ENVIRONMENTS", environment));

        assertTrue(output.contains("auth-service refuses to start: auth.jwt.secret (AUTH_JWT_SECRET) is required"),
                output);
    }

    @Test
    void withoutADevelopmentEnvironmentTheServiceRefusesToStartWithoutAnEncryptionKey() throws Exception {
        String output = service.refusedStart(Map.of("MICRONAUT_ENVIRONMENTS", "prod", "AUTH_JWT_SECRET",
                Tokens.TEST_SECRET));

        assertTrue(output.contains("auth-service refuses to start: auth.second-factor.encryption-key"
                + " (AUTH_SECOND_FACTOR_ENCRYPTION_KEY) is required"), output);
    }

    /** ES256 with no key file in dev: a key pair is made once and kept in ./data, like the database. */
    @Test
    void withEs256TheDevelopmentKeyIsKeptInDataSoAccessTokensSurviveARestart() throws Exception {
        Map<String, String> es256 = Map.of("AUTH_JWT_ALGORITHM", "ES256");
        Http http = service.start(es256);
        String token = http.logIn("alice", "alice-password").accessToken();
        Http.Answer jwks = http.get("/.well-known/jwks.json");
        assertEquals(200, jwks.status(), jwks.toString());
        service.close();

        http = service.start(es256);

        assertEquals(200, http.get("/api/user/profile", "Authorization", "Bearer " + token).status());
        assertEquals(jwks.json(), http.get("/.well-known/jwks.json").json(), "the same key after the restart");
        assertTrue(Files.isRegularFile(service.directory().resolve("data/jwt-es256-signing-key.pem")));
    }

    /** In dev the key that seals TOTP secrets is made once and kept in ./data: an enrolment outlives a restart. */
    @Test
    void aTotpEnrolledInDevelopmentIsStillCheckedAfterARestart() throws Exception {
        Http http = service.start(Map.of());
        String bearer = "Bearer " + http.logIn("alice", "alice-password").accessToken();
        Http.Answer enrolment = http.post("/api/user/second-factor/totp", "", "Authorization", bearer);
        assertEquals(200, enrolment.status(), enrolment.toString());
        Authenticator app = Authenticator.of((String) enrolment.data().get("secret"));
        long confirmed = Authenticator.stepNow();
        assertEquals(200, http.postJson("/api/user/second-factor/totp/confirm", "{\"code\": \""
                + app.code(confirmed) + "\"}", "Authorization", bearer).status());
        service.close();

        http = service.start(Map.of());

        Http.Answer password = http.logIn("alice", "alice-password");
        assertEquals("SECOND_FACTOR_REQUIRED", password.errorCode(), password.toString());
        Http.Answer completed = http.postJson("/api/login/second-factor", "{\"ticket\": \""
                + password.data().get("ticket") + "\", \"code\": \""
                + app.code(Math.max(confirmed + 1, Authenticator.stepNow())) + "\"}");
        assertEquals(200, completed.status(), completed.toString());
        assertTrue(Files.isRegularFile(service.directory().resolve("data/second-factor-encryption-key")));
    }

    /**
     * Under a grace, in dev, the key that names a rotated token's successor is made once and kept in ./data, as the
     * other development keys are: a client that repeats a token across a restart gets the same successor, as it would
     * without the restart, instead of losing its session to a reuse.
     */
    @Test
    void underAGraceInDevelopmentARotatedTokenRepeatedAfterARestartGetsItsSuccessor() throws Exception {
        Map<String, String> grace = Map.of("AUTH_REFRESH_TOKEN_REUSE_GRACE", "60s");
        Http http = service.start(grace);
        String first = http.logIn("alice", "alice-password").refreshToken();
        Http.Answer refreshed = http.refresh(first);
        assertEquals(200, refreshed.status(), refreshed.toString());
        service.close();

        http = service.start(grace);

        Http.Answer repeated = http.refresh(first);
        assertEquals(200, repeated.status(), repeated.toString());
        assertEquals(refreshed.refreshToken(), repeated.refreshToken(), "the successor the first start named");
        assertTrue(Files.isRegularFile(service.directory().resolve("data/refresh-token-reuse-grace-key")));
    }

    /**
     * The rotation of docs/keys.md on the running jar: the old key's access token verifies once the new key signs and
     * the old one only verifies, its refresh token is untouched, and only removing the old key ends its access tokens.
     */
    @Test
    void aKeyRotatesWithoutLoggingAnyoneOut() throws Exception {
        Path old = Files.writeString(service.directory().resolve("old.pem"), JwtKey.generatePem(JwtAlgorithm.ES256));
        String oldPem = Files.readString(old);
        Path oldPublic = Files.writeString(service.directory().resolve("old.pub.pem"),
                oldPem.substring(oldPem.indexOf("-----BEGIN PUBLIC KEY-----")));
        Path next = Files.writeString(service.directory().resolve("next.pem"), JwtKey.generatePem(JwtAlgorithm.ES256));
        String nextKeyId = JwtKey.signingKeyFromPem(JwtAlgorithm.ES256, Files.readString(next)).keyId();
        Http http = service.start(es256(Map.of("AUTH_JWT_SIGNING_KEY_FILE", old.toString())));
        Http.Answer login = http.logIn("alice", "alice-password");
        service.close();

        http = service.start(es256(Map.of("AUTH_JWT_SIGNING_KEY_FILE", next.toString(),
                "AUTH_JWT_VERIFICATION_KEY_FILES", oldPublic.toString())));

        assertEquals(200, http.get("/api/user/profile", "Authorization", "Bearer " + login.accessToken()).status(),
                "the old key's token, now verification-only");
        Http.Answer refreshed = http.refresh(login.refreshToken());
        assertEquals(200, refreshed.status(), "the refresh token is not affected: " + refreshed);
        assertTrue(Tokens.header(refreshed.accessToken()).contains(nextKeyId), "the new key signs");
        service.close();

        http = service.start(es256(Map.of("AUTH_JWT_SIGNING_KEY_FILE", next.toString())));

        assertEquals("INVALID_TOKEN",
                http.get("/api/user/profile", "Authorization", "Bearer " + login.accessToken()).errorCode(),
                "the removed key's token");
        assertEquals(200, http.get("/api/user/profile", "Authorization", "Bearer " + refreshed.accessToken()).status());
    }

    /** In prod a key file that is missing, of another algorithm or too weak stops the start with one line. */
    @Test
    void prodRefusesAKeyFileThatIsMissingOrDoesNotFit() throws Exception {
        Path edDsa = Files.writeString(service.directory().resolve("ed25519.pem"), JwtKey.generatePem(JwtAlgorithm.EdDSA));
        KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
        rsa.initialize(1024);
        Path weak = Files.writeString(service.directory().resolve("rsa-1024.pem"),
                JwtKeyFilesTest.pem(rsa.generateKeyPair()));
        Map<String, String> cases = Map.of(
                "ES256", "auth.jwt.signing-key-file (AUTH_JWT_SIGNING_KEY_FILE) is required with ES256",
                "ES256:" + service.directory().resolve("missing.pem"),
                "auth.jwt.signing-key-file (AUTH_JWT_SIGNING_KEY_FILE): cannot read",
                "ES256:" + edDsa, "has no SPKI public key that is an EC P-256 key (ES256)",
                "RS256:" + weak, "holds an RSA key of 1024 bits, fewer than the 2048 RS256 needs");
        for (Map.Entry<String, String> refusal : cases.entrySet()) {
            String[] algorithmAndFile = refusal.getKey().split(":", 2);
            Map<String, String> environment = new HashMap<>(Map.of("MICRONAUT_ENVIRONMENTS", "prod",
                    "AUTH_JWT_ALGORITHM", algorithmAndFile[0]));
            if (algorithmAndFile.length == 2) {
                environment.put("AUTH_JWT_SIGNING_KEY_FILE", algorithmAndFile[1]);
            }

            String output = service.refusedStart(environment);

            assertTrue(output.contains("auth-service refuses to start: auth.jwt.signing-key-file"), output);
            assertTrue(output.contains(refusal.getValue()), output);
        }
    }

    @Test
    void aPasswordMinimumBelowNistsIsRefusedAtStart() throws Exception {
        String output = service.refusedStart(Map.of("MICRONAUT_ENVIRONMENTS", "dev", "AUTH_PASSWORD_MIN_LENGTH", "6"));

        assertTrue(output.contains("auth-service refuses to start: auth.password.min-length"), output);
    }

    /** Ten years of access token, a typo or a misunderstanding: refused in prod as anywhere, with the ceiling. */
    @Test
    void anAccessTokenTtlBeyondItsCeilingIsRefusedAtStart() throws Exception {
        String output = service.refusedStart(Map.of("MICRONAUT_ENVIRONMENTS", "prod", "AUTH_JWT_SECRET",
                Tokens.TEST_SECRET, "AUTH_ACCESS_TOKEN_TTL", "3650d"));

        assertTrue(output.contains("auth-service refuses to start: auth.access-token.ttl (AUTH_ACCESS_TOKEN_TTL):"
                + " accessTokenTtl must be at most 1d, was 3650d"), output);
    }

    /** A year of an idle or a trickling connection, two billion remembered tokens: refused as the token times are. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "auth.http.keep-alive-timeout | AUTH_HTTP_KEEP_ALIVE_TIMEOUT | 365d | keepAliveTimeout must be at most 15m,"
                    + " was 365d",
            "auth.http.request-deadline | AUTH_HTTP_REQUEST_DEADLINE | 365d | requestDeadline must be at most 1m, was"
                    + " 365d",
            "auth.jwt.verified-token-cache-size | AUTH_JWT_VERIFIED_TOKEN_CACHE_SIZE | 2000000000 | maximumSize must be"
                    + " at most 16384, was 2000000000"})
    void aConnectionLimitOrACacheSizeBeyondItsCeilingIsRefusedAtStart(String property, String variable, String value,
                                                                      String refusal) throws Exception {
        String output = service.refusedStart(Map.of(variable, value));

        assertTrue(output.contains("auth-service refuses to start: " + property + " (" + variable + "): " + refusal),
                output);
    }

    @Test
    void anUnknownPlaceToCountLoginAttemptsIsRefusedAtStart() throws Exception {
        String output = service.refusedStart(Map.of("AUTH_LOGIN_ATTEMPT_LOG", "redis"));

        assertTrue(output.contains("auth-service refuses to start: auth.login.attempt-log (AUTH_LOGIN_ATTEMPT_LOG)"
                + " must be one of [memory, database], not 'redis'"), output);
    }

    @Test
    void aNegativeDrainDelayIsRefusedAtStart() throws Exception {
        String output = service.refusedStart(Map.of("AUTH_SHUTDOWN_DRAIN_DELAY", "-1s"));

        assertTrue(output.contains("auth-service refuses to start: auth.shutdown.drain-delay"
                + " (AUTH_SHUTDOWN_DRAIN_DELAY) must not be negative"), output);
    }

    @Test
    void aTrustedProxyThatIsNoAddressIsRefusedAtStart() throws Exception {
        String output = service.refusedStart(Map.of("MICRONAUT_ENVIRONMENTS", "dev",
                "AUTH_CLIENT_ADDRESS_TRUSTED_PROXIES", "10.0.0.0/8,proxy.internal"));

        assertTrue(output.contains("auth-service refuses to start: auth.client-address.trusted-proxies"
                + " (AUTH_CLIENT_ADDRESS_TRUSTED_PROXIES): not an IP address or CIDR range: 'proxy.internal'"), output);
    }

    @Test
    void prodSeedsNothingButTheFirstAdministratorItIsGiven() throws Exception {
        Http http = service.start(Map.of("MICRONAUT_ENVIRONMENTS", "prod", "AUTH_JWT_SECRET", Tokens.TEST_SECRET,
                "AUTH_SECOND_FACTOR_ENCRYPTION_KEY", ENCRYPTION_KEY, "AUTH_BOOTSTRAP_ADMIN_USERNAME", "root-admin",
                "AUTH_BOOTSTRAP_ADMIN_PASSWORD", "a long first administrator passphrase"));

        Http.Answer alice = http.logIn("alice", "alice-password");
        assertEquals(401, alice.status(), alice.toString());
        assertEquals("INVALID_CREDENTIALS", alice.errorCode());

        Http.Answer admin = http.logIn("root-admin", "a long first administrator passphrase");
        assertEquals(200, admin.status(), admin.toString());
        Http.Answer users = http.get("/api/admin/users", "Authorization", "Bearer " + admin.accessToken());
        assertEquals(1, users.data().get("totalElements"), users.toString());
        assertTrue(service.log().contains("Created the first administrator root-admin"));
        assertTrue(!service.log().contains("a long first administrator passphrase"), "the password is never logged");
    }

    @Test
    void anEnvironmentOfADeploymentsOwnSeedsNoDemoUsers() throws Exception {
        Http http = service.start(Map.of("MICRONAUT_ENVIRONMENTS", "staging", "AUTH_JWT_SECRET", Tokens.TEST_SECRET,
                "AUTH_SECOND_FACTOR_ENCRYPTION_KEY", ENCRYPTION_KEY));

        Http.Answer bob = http.logIn("bob", "bob-password");
        assertEquals(401, bob.status(), bob.toString());
        assertEquals("INVALID_CREDENTIALS", bob.errorCode());
    }

    /** ES256 in dev (key files are a deployment's setting: with no environment named they stop the start). */
    private static Map<String, String> es256(Map<String, String> keyFiles) {
        Map<String, String> environment = new HashMap<>(keyFiles);
        environment.put("MICRONAUT_ENVIRONMENTS", "dev");
        environment.put("AUTH_JWT_ALGORITHM", "ES256");
        return environment;
    }
}
