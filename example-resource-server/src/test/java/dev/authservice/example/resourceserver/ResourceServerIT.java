package dev.authservice.example.resourceserver;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.eatthepath.otp.TimeBasedOneTimePasswordGenerator;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.util.JSONObjectUtils;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.Key;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Map;
import javax.crypto.spec.SecretKeySpec;
import org.apache.commons.codec.binary.Base32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The resource server against the real auth-service: the packaged jar, signing with ES256, and its demo user alice.
 * The resource server runs in this JVM, configured only with auth-service's JWKS URL and issuer (and a JWK Set cache
 * time shortened from 5 minutes to 2 seconds), and is never restarted: auth-service's key rotates under it as
 * docs/keys.md says. The rotation comes last, as it changes the key the tests before it sign with.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ResourceServerIT {

    /** How long the resource server keeps a fetched JWK Set: 5 minutes in application.yml, shortened here. */
    private static final Duration JWKS_CACHE_TIME = Duration.ofSeconds(2);
    private static final String SIGNING_KEY_FILE = "AUTH_JWT_SIGNING_KEY_FILE";
    private static final String VERIFICATION_KEY_FILES = "AUTH_JWT_VERIFICATION_KEY_FILES";

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path directory;

    private final HttpClient http = HttpClient.newHttpClient();
    private TestKey oldKey;
    private AuthServiceJar authService;
    private EmbeddedServer resourceServer;
    /** One that keeps the JWK Set for an hour, longer than the rotation below waits: what the waits are for. */
    private EmbeddedServer staleResourceServer;

    @BeforeAll
    void start() throws Exception {
        oldKey = TestKey.generate();
        authService = new AuthServiceJar(directory);
        authService.start(Map.of(SIGNING_KEY_FILE, oldKey.writeSigningKeyFile(directory.resolve("old.pem")).toString()));
        resourceServer = startResourceServer(JWKS_CACHE_TIME);
        staleResourceServer = startResourceServer(Duration.ofHours(1));
    }

    private EmbeddedServer startResourceServer(Duration jwksCacheTime) {
        return ApplicationContext.run(EmbeddedServer.class, Map.of(
                "auth-service.jwks-url", authService.uri("/.well-known/jwks.json").toString(),
                "auth-service.issuer", "auth-service",
                "auth-service.jwks-cache-time", jwksCacheTime.toMillis() + "ms",
                "micronaut.server.host", "127.0.0.1",
                "micronaut.server.port", -1));
    }

    @AfterAll
    void stop() throws Exception {
        for (EmbeddedServer server : new EmbeddedServer[] {resourceServer, staleResourceServer}) {
            if (server != null) {
                server.getApplicationContext().close();
            }
        }
        if (authService != null) {
            authService.close();
        }
    }

    @Test
    @Order(1)
    void answersFromTheClaimsOfAnAccessTokenOfAuthService() throws Exception {
        HttpResponse<String> answer = greeting(logIn().accessToken());

        assertEquals(200, answer.statusCode(), answer.body());
        Map<String, Object> greeting = JSONObjectUtils.parse(answer.body());
        assertEquals("alice", greeting.get("subject"));
        assertEquals(List.of("USER"), greeting.get("roles"));
        assertEquals(401, greeting(null).statusCode(), "no token");
    }

    @Test
    @Order(2)
    void refusesEveryTokenAuthServiceDidNotSignAsItIs() throws Exception {
        String token = logIn().accessToken();
        JWTClaimsSet claims = SignedJWT.parse(token).getJWTClaimsSet();
        assertEquals(oldKey.kid(), SignedJWT.parse(token).getHeader().getKeyID(), "auth-service signs with the test's key");
        assertEquals(200, status(oldKey.sign(claims)), "signed by the test as auth-service signs: accepted");

        Instant now = Instant.now();
        JWTClaimsSet expired = new JWTClaimsSet.Builder(claims)
                .issueTime(Date.from(now.minus(Duration.ofMinutes(20))))
                .expirationTime(Date.from(now.minus(Duration.ofMinutes(5)))).build();
        JWTClaimsSet otherIssuer = new JWTClaimsSet.Builder(claims).issuer("https://auth.example.com").build();
        JWTClaimsSet issuerSuffix = new JWTClaimsSet.Builder(claims).issuer("service").build();
        assertAll(
                () -> assertEquals(401, status(tampered(token)), "tampered: roles [ADMIN]"),
                () -> assertEquals(401, status(oldKey.sign(expired)), "expired five minutes ago"),
                () -> assertEquals(401, status(TestKey.generate().sign(claims)), "signed by a foreign key"),
                () -> assertEquals(401, status(oldKey.sign(otherIssuer)), "of another issuer"),
                () -> assertEquals(401, status(oldKey.sign(issuerSuffix)), "of an issuer the configured one ends with"),
                () -> assertEquals(401, status(hs256(claims)), "HS256 keyed with the published public key"),
                () -> assertEquals(401, status(new PlainJWT(claims).serialize()), "unsigned, alg none"));
    }

    /** What a JWKS verifier cannot see (docs/resource-server.md): the deny-list lives in auth-service. */
    @Test
    @Order(3)
    void acceptsALoggedOutTokenUntilItExpiresWhereAuthServiceRefusesIt() throws Exception {
        String token = logIn().accessToken();
        HttpResponse<String> logout = http.send(HttpRequest.newBuilder(authService.uri("/api/logout"))
                .header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.noBody())
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(204, logout.statusCode(), logout.body());

        assertEquals(200, status(token), "the resource server");
        HttpResponse<String> profile = http.send(HttpRequest.newBuilder(authService.uri("/api/user/profile"))
                .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(401, profile.statusCode(), "auth-service: " + profile.body());
        assertTrue(profile.body().contains("TOKEN_REVOKED"), profile.body());
    }

    /**
     * The path that wants a second factor: bob enrols a TOTP (with a standard TOTP library as his app) and logs in
     * with a code; his token's amr holds mfa and opens it, where alice's password-only token is 403.
     */
    @Test
    @Order(4)
    void aPathThatWantsASecondFactorOpensOnlyToATokenWhoseAmrSaysMfa() throws Exception {
        String bob = post("/api/login", "{\"username\":\"bob\",\"password\":\"bob-password\"}", null, 200);
        String bearer = "Bearer " + JSONObjectUtils.parse(bob).get("accessToken");
        Map<String, Object> enrolment = JSONObjectUtils.getJSONObject(JSONObjectUtils.parse(
                post("/api/user/second-factor/totp", "", bearer, 200)), "data");
        Key secret = new SecretKeySpec(new Base32().decode((String) enrolment.get("secret")), "HmacSHA1");
        TimeBasedOneTimePasswordGenerator app = new TimeBasedOneTimePasswordGenerator();
        Instant confirmed = Instant.now();
        post("/api/user/second-factor/totp/confirm",
                "{\"code\":\"" + app.generateOneTimePasswordString(secret, confirmed) + "\"}", bearer, 200);
        Map<String, Object> required = JSONObjectUtils.getJSONObject(JSONObjectUtils.parse(
                post("/api/login", "{\"username\":\"bob\",\"password\":\"bob-password\"}", null, 401)), "data");
        // The code of the next time step: the one of the confirmation is spent.
        String code = app.generateOneTimePasswordString(secret, confirmed.plus(app.getTimeStep()));
        String secondFactor = (String) JSONObjectUtils.parse(post("/api/login/second-factor",
                "{\"ticket\":\"" + required.get("ticket") + "\",\"code\":\"" + code + "\"}", null, 200))
                .get("accessToken");

        assertEquals(200, secondFactor(secondFactor).statusCode());
        assertEquals(403, secondFactor(logIn().accessToken()).statusCode(), "a password alone");
        assertEquals(401, secondFactor(null).statusCode(), "no token");
    }

    @Test
    @Order(5)
    void followsAKeyRotationWithoutARestartAndLogsNoOneOut() throws Exception {
        TestKey newKey = TestKey.generate();
        String oldSigning = directory.resolve("old.pem").toString();
        String oldPublic = oldKey.writePublicKeyFile(directory.resolve("old.pub.pem")).toString();
        String newSigning = newKey.writeSigningKeyFile(directory.resolve("new.pem")).toString();
        String newPublic = newKey.writePublicKeyFile(directory.resolve("new.pub.pem")).toString();
        LogIn before = logIn();
        assertAccepted(before.accessToken());
        assertEquals(200, status(staleResourceServer, before.accessToken()), "it has fetched the JWK Set of the old key");

        // 1. Announce: the new key is published beside the old one, which still signs.
        authService.restart(Map.of(SIGNING_KEY_FILE, oldSigning, VERIFICATION_KEY_FILES, newPublic));
        String announced = logIn().accessToken();
        assertEquals(oldKey.kid(), SignedJWT.parse(announced).getHeader().getKeyID());
        assertAccepted(before.accessToken(), announced);

        // 2. Wait the resource server's JWK Set cache time: whatever it keeps now was fetched after the announcement.
        Thread.sleep(JWKS_CACHE_TIME.plusMillis(500).toMillis());

        // 3. Switch: the new key signs, the old one only verifies.
        authService.restart(Map.of(SIGNING_KEY_FILE, newSigning, VERIFICATION_KEY_FILES, oldPublic));
        String switched = logIn().accessToken();
        assertEquals(newKey.kid(), SignedJWT.parse(switched).getHeader().getKeyID());
        assertAccepted(before.accessToken(), announced, switched);
        assertEquals(401, status(staleResourceServer, switched), "micronaut-security fetches the JWK Set again only"
                + " when its cache time has passed, not for an unknown kid: a verifier that keeps it longer than step 2"
                + " waits refuses the new key's tokens (if this fails, a newer version does: docs/resource-server.md)");

        // 4. The wait until the old key's tokens have expired is left out: they are shown refused instead.
        // 5. Remove the old key. The resource server refuses its tokens once it has fetched the JWK Set again.
        authService.restart(Map.of(SIGNING_KEY_FILE, newSigning));
        Instant deadline = Instant.now().plus(JWKS_CACHE_TIME).plusSeconds(5);
        while (status(before.accessToken()) != 401) {
            assertTrue(Instant.now().isBefore(deadline),
                    "the removed key's token is still accepted long after the resource server's cache time");
            Thread.sleep(100);
        }
        assertEquals(401, status(announced));
        assertAccepted(switched);
        assertEquals(200, status(staleResourceServer, before.accessToken()),
                "and it accepts the removed key's tokens until its cache time has passed");

        // No one was logged out: the first session's refresh token gets an access token of the new key.
        String refreshed = refresh(before.refreshToken());
        assertEquals(newKey.kid(), SignedJWT.parse(refreshed).getHeader().getKeyID());
        assertAccepted(refreshed);
    }

    private record LogIn(String accessToken, String refreshToken) {
    }

    private LogIn logIn() throws Exception {
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(authService.uri("/api/login"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"username\":\"alice\",\"password\":\"alice-password\"}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), answer.body());
        String refreshToken = answer.headers().allValues("Set-Cookie").stream()
                .filter(cookie -> cookie.startsWith("refreshToken="))
                .map(cookie -> cookie.substring("refreshToken=".length(), cookie.indexOf(';')))
                .findFirst().orElseThrow();
        return new LogIn(accessToken(answer), refreshToken);
    }

    private String refresh(String refreshToken) throws Exception {
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(authService.uri("/api/refresh"))
                .header("Cookie", "refreshToken=" + refreshToken)
                .POST(HttpRequest.BodyPublishers.noBody())
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), answer.body());
        return accessToken(answer);
    }

    private static String accessToken(HttpResponse<String> answer) throws Exception {
        return (String) JSONObjectUtils.parse(answer.body()).get("accessToken");
    }

    /** {@code POST path} on auth-service with a JSON body, expecting {@code status}; the answer's body. */
    private String post(String path, String json, String authorization, int status) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(authService.uri(path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        HttpResponse<String> answer = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(status, answer.statusCode(), path + ": " + answer.body());
        return answer.body();
    }

    private HttpResponse<String> secondFactor(String accessToken) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(resourceServer.getURI()
                + "/api/greeting/second-factor"));
        if (accessToken != null) {
            request.header("Authorization", "Bearer " + accessToken);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> greeting(String accessToken) throws Exception {
        return greeting(resourceServer, accessToken);
    }

    private HttpResponse<String> greeting(EmbeddedServer server, String accessToken) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.getURI() + "/api/greeting"));
        if (accessToken != null) {
            request.header("Authorization", "Bearer " + accessToken);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private int status(String accessToken) throws Exception {
        return status(resourceServer, accessToken);
    }

    private int status(EmbeddedServer server, String accessToken) throws Exception {
        return greeting(server, accessToken).statusCode();
    }

    private void assertAccepted(String... accessTokens) throws Exception {
        for (String accessToken : accessTokens) {
            HttpResponse<String> answer = greeting(accessToken);
            assertEquals(200, answer.statusCode(),
                    "a token of the key " + SignedJWT.parse(accessToken).getHeader().getKeyID() + " is refused");
        }
    }

    /** The token with its payload changed ("USER" to "ADMIN") and its signature kept. */
    private static String tampered(String token) {
        String[] parts = token.split("\\.");
        String payload = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
        String elevated = payload.replace("\"USER\"", "\"ADMIN\"");
        assertNotEquals(payload, elevated);
        return parts[0] + "." + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(elevated.getBytes(StandardCharsets.UTF_8)) + "." + parts[2];
    }

    /** Algorithm confusion: HS256, the published public key as the HMAC secret, and that key's kid. */
    private String hs256(JWTClaimsSet claims) throws Exception {
        SignedJWT token = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).type(JOSEObjectType.JWT)
                .keyID(oldKey.kid()).build(), claims);
        token.sign(new MACSigner(oldKey.jwk().toECPublicKey().getEncoded()));
        return token.serialize();
    }
}
