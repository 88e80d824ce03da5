package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.adapter.out.crypto.JwtAlgorithm;
import dev.authservice.adapter.out.crypto.JwtKey;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The built jar, started as a user would start it (default environment, H2 in ./data of its working directory),
 * driven over real HTTP. Runs in Maven's integration-test phase, after the jar is packaged.
 */
class EndToEndIT {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    @TempDir
    Path workingDirectory;

    private Process process;

    @AfterEach
    void stop() throws InterruptedException {
        if (process != null) {
            process.destroy();
            process.waitFor();
        }
    }

    @Test
    void aUserLogsInReadsRefreshesIsCaughtReplayingAndLogsOut() throws Exception {
        Http http = start();

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
        Http http = start();
        String kept = http.logIn("bob", "bob-password").refreshToken();
        Http.Answer loggedOut = http.logIn("bob", "bob-password");
        http.post("/api/logout", "", "Authorization", "Bearer " + loggedOut.accessToken());
        stop();

        http = start();

        Http.Answer refreshed = http.refresh(kept);
        assertEquals(200, refreshed.status(), refreshed.toString());
        assertEquals(401, http.refresh(loggedOut.refreshToken()).status());
        assertEquals("TOKEN_REVOKED", http.get("/api/user/profile", "Authorization",
                "Bearer " + loggedOut.accessToken()).errorCode());
        assertEquals(200, http.get("/api/user/profile", "Authorization", "Bearer " + refreshed.accessToken())
                .status());
        assertEquals(3, http.get("/api/user/orders", "Authorization", "Bearer " + refreshed.accessToken())
                .data().get("totalElements"), "the demo data is seeded once, not again at the restart");
        assertTrue(Files.isDirectory(workingDirectory.resolve("data")), "H2 keeps its files in ./data");
    }

    /** Any environment but dev and test, prod or one of a deployment's own: the signing secret is required. */
    @ParameterizedTest
    @ValueSource(strings = {"prod", "staging"})
    void withoutADevelopmentEnvironmentTheServiceRefusesToStartWithoutASigningSecret(String environment)
            throws Exception {
        String output = refusedStart(Map.of("MICRONAUT_ENVIRONMENTS", environment));

        assertTrue(output.contains("auth-service refuses to start: auth.jwt.secret (AUTH_JWT_SECRET) is required"),
                output);
    }

    /** ES256 with no key file in dev: a key pair is made once and kept in ./data, like the database. */
    @Test
    void withEs256TheDevelopmentKeyIsKeptInDataSoAccessTokensSurviveARestart() throws Exception {
        Map<String, String> es256 = Map.of("AUTH_JWT_ALGORITHM", "ES256");
        Http http = start(es256);
        String token = http.logIn("alice", "alice-password").accessToken();
        Http.Answer jwks = http.get("/.well-known/jwks.json");
        assertEquals(200, jwks.status(), jwks.toString());
        stop();

        http = start(es256);

        assertEquals(200, http.get("/api/user/profile", "Authorization", "Bearer " + token).status());
        assertEquals(jwks.json(), http.get("/.well-known/jwks.json").json(), "the same key after the restart");
        assertTrue(Files.isRegularFile(workingDirectory.resolve("data/jwt-es256-signing-key.pem")));
    }

    /**
     * The rotation of docs/keys.md on the running jar: the old key's access token verifies once the new key signs and
     * the old one only verifies, its refresh token is untouched, and only removing the old key ends its access tokens.
     */
    @Test
    void aKeyRotatesWithoutLoggingAnyoneOut() throws Exception {
        Path old = Files.writeString(workingDirectory.resolve("old.pem"), JwtKey.generatePem(JwtAlgorithm.ES256));
        String oldPem = Files.readString(old);
        Path oldPublic = Files.writeString(workingDirectory.resolve("old.pub.pem"),
                oldPem.substring(oldPem.indexOf("-----BEGIN PUBLIC KEY-----")));
        Path next = Files.writeString(workingDirectory.resolve("next.pem"), JwtKey.generatePem(JwtAlgorithm.ES256));
        String nextKeyId = JwtKey.signingKeyFromPem(JwtAlgorithm.ES256, Files.readString(next)).keyId();
        Http http = start(Map.of("AUTH_JWT_ALGORITHM", "ES256", "AUTH_JWT_SIGNING_KEY_FILE", old.toString()));
        Http.Answer login = http.logIn("alice", "alice-password");
        stop();

        http = start(Map.of("AUTH_JWT_ALGORITHM", "ES256", "AUTH_JWT_SIGNING_KEY_FILE", next.toString(),
                "AUTH_JWT_VERIFICATION_KEY_FILES", oldPublic.toString()));

        assertEquals(200, http.get("/api/user/profile", "Authorization", "Bearer " + login.accessToken()).status(),
                "the old key's token, now verification-only");
        Http.Answer refreshed = http.refresh(login.refreshToken());
        assertEquals(200, refreshed.status(), "the refresh token is not affected: " + refreshed);
        assertTrue(Tokens.header(refreshed.accessToken()).contains(nextKeyId), "the new key signs");
        stop();

        http = start(Map.of("AUTH_JWT_ALGORITHM", "ES256", "AUTH_JWT_SIGNING_KEY_FILE", next.toString()));

        assertEquals("INVALID_TOKEN",
                http.get("/api/user/profile", "Authorization", "Bearer " + login.accessToken()).errorCode(),
                "the removed key's token");
        assertEquals(200, http.get("/api/user/profile", "Authorization", "Bearer " + refreshed.accessToken()).status());
    }

    /** In prod a key file that is missing, of another algorithm or too weak stops the start with one line. */
    @Test
    void prodRefusesAKeyFileThatIsMissingOrDoesNotFit() throws Exception {
        Path edDsa = Files.writeString(workingDirectory.resolve("ed25519.pem"), JwtKey.generatePem(JwtAlgorithm.EdDSA));
        KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
        rsa.initialize(1024);
        Path weak = Files.writeString(workingDirectory.resolve("rsa-1024.pem"), JwtKeyFilesTest.pem(rsa.generateKeyPair()));
        Map<String, String> cases = Map.of(
                "ES256", "auth.jwt.signing-key-file (AUTH_JWT_SIGNING_KEY_FILE) is required with ES256",
                "ES256:" + workingDirectory.resolve("missing.pem"),
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

            String output = refusedStart(environment);

            assertTrue(output.contains("auth-service refuses to start: auth.jwt.signing-key-file"), output);
            assertTrue(output.contains(refusal.getValue()), output);
        }
    }

    @Test
    void aPasswordMinimumBelowNistsIsRefusedAtStart() throws Exception {
        String output = refusedStart(Map.of("AUTH_JWT_SECRET", Tokens.TEST_SECRET, "AUTH_PASSWORD_MIN_LENGTH", "6"));

        assertTrue(output.contains("auth-service refuses to start: auth.password.min-length"), output);
    }

    @Test
    void anUnknownPlaceToCountLoginAttemptsIsRefusedAtStart() throws Exception {
        String output = refusedStart(Map.of("AUTH_LOGIN_ATTEMPT_LOG", "redis"));

        assertTrue(output.contains("auth-service refuses to start: auth.login.attempt-log (AUTH_LOGIN_ATTEMPT_LOG)"
                + " must be one of [memory, database], not 'redis'"), output);
    }

    @Test
    void aTrustedProxyThatIsNoAddressIsRefusedAtStart() throws Exception {
        String output = refusedStart(Map.of("AUTH_CLIENT_ADDRESS_TRUSTED_PROXIES", "10.0.0.0/8,proxy.internal"));

        assertTrue(output.contains("auth-service refuses to start: auth.client-address.trusted-proxies"
                + " (AUTH_CLIENT_ADDRESS_TRUSTED_PROXIES): not an IP address or CIDR range: 'proxy.internal'"), output);
    }

    /** Starts the jar with {@code environment}, expects it to exit non-zero with one line and no stack trace. */
    private String refusedStart(Map<String, String> environment) throws Exception {
        ProcessBuilder builder = javaJar().redirectErrorStream(true);
        builder.environment().remove("AUTH_JWT_SECRET");
        builder.environment().remove("MICRONAUT_ENVIRONMENTS");
        builder.environment().putAll(environment);
        builder.environment().put("MICRONAUT_SERVER_PORT", Integer.toString(freePort()));
        builder.environment().put("AUTH_MANAGEMENT_PORT", Integer.toString(freePort()));
        Process refused = builder.start();
        String output = new String(refused.getInputStream().readAllBytes());

        assertTrue(refused.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
        assertTrue(refused.exitValue() != 0, "exit code " + refused.exitValue());
        assertTrue(!output.contains("\tat "), "no stack trace: " + output);
        return output;
    }

    @Test
    void prodSeedsNothingButTheFirstAdministratorItIsGiven() throws Exception {
        Http http = start(Map.of("MICRONAUT_ENVIRONMENTS", "prod",
                "AUTH_BOOTSTRAP_ADMIN_USERNAME", "root-admin",
                "AUTH_BOOTSTRAP_ADMIN_PASSWORD", "a long first administrator passphrase"));

        Http.Answer alice = http.logIn("alice", "alice-password");
        assertEquals(401, alice.status(), alice.toString());
        assertEquals("INVALID_CREDENTIALS", alice.errorCode());

        Http.Answer admin = http.logIn("root-admin", "a long first administrator passphrase");
        assertEquals(200, admin.status(), admin.toString());
        Http.Answer users = http.get("/api/admin/users", "Authorization", "Bearer " + admin.accessToken());
        assertEquals(1, users.data().get("totalElements"), users.toString());
        assertTrue(log().contains("Created the first administrator root-admin"));
        assertTrue(!log().contains("a long first administrator passphrase"), "the password is never logged");
    }

    @Test
    void anEnvironmentOfADeploymentsOwnSeedsNoDemoUsers() throws Exception {
        Http http = start(Map.of("MICRONAUT_ENVIRONMENTS", "staging"));

        Http.Answer bob = http.logIn("bob", "bob-password");
        assertEquals(401, bob.status(), bob.toString());
        assertEquals("INVALID_CREDENTIALS", bob.errorCode());
    }

    private ProcessBuilder javaJar() {
        return new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar().toString())
                .directory(workingDirectory.toFile());
    }

    private Http start() throws IOException, InterruptedException {
        return start(Map.of());
    }

    private Http start(Map<String, String> environment) throws IOException, InterruptedException {
        int port = freePort();
        ProcessBuilder builder = javaJar()
                .redirectErrorStream(true)
                .redirectOutput(workingDirectory.resolve("service-" + port + ".log").toFile());
        builder.environment().put("MICRONAUT_SERVER_PORT", Integer.toString(port));
        builder.environment().put("AUTH_MANAGEMENT_PORT", Integer.toString(freePort()));
        // A fixed secret, so that access tokens from before a restart still verify after it.
        builder.environment().put("AUTH_JWT_SECRET", Tokens.TEST_SECRET);
        builder.environment().remove("MICRONAUT_ENVIRONMENTS");
        builder.environment().putAll(environment);
        process = builder.start();

        Http http = new Http(URI.create("http://127.0.0.1:" + port));
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new AssertionError("the service exited: " + log(port));
            }
            try {
                if (http.get("/health").status() == 200) {
                    return http;
                }
            } catch (java.io.UncheckedIOException notYet) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the service did not answer /health within " + START_TIMEOUT + ": " + log(port));
    }

    private String log() throws IOException {
        try (var logs = Files.list(workingDirectory)) {
            StringBuilder all = new StringBuilder();
            for (Path file : logs.filter(f -> f.getFileName().toString().endsWith(".log")).toList()) {
                all.append(Files.readString(file));
            }
            return all.toString();
        }
    }

    private String log(int port) throws IOException {
        return Files.readString(workingDirectory.resolve("service-" + port + ".log"));
    }

    private static Path jar() {
        Path jar = Path.of(System.getProperty("auth.jar", "target/auth-service.jar")).toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), "build the jar first: " + jar);
        return jar;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
