package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jwt.JWTClaimsSet;
import dev.authservice.application.fixtures.SoftwareAuthenticator.Ceremony;
import dev.authservice.application.fixtures.SoftwareAuthenticator;
import dev.authservice.domain.passkey.ByteString;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.text.ParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Logging in with a passkey over real HTTP, alone and as the second factor of a password, with a software
 * authenticator in place of a browser's. Each test works on users it creates itself ({@link TestUser}).
 */
@MicronautTest
@Property(name = "auth.webauthn.origins", value = PasskeyLoginHttpTest.ORIGIN)
@Property(name = "auth.login.max-failures", value = "20")
class PasskeyLoginHttpTest {

    static final String ORIGIN = "https://app.example.test";
    private static final String OPTIONS = "/api/login/passkey/options";

    @Inject
    EmbeddedServer server;

    Http http;
    TestUser carol;

    @BeforeEach
    void client() {
        http = new Http(server.getURI());
        carol = TestUser.create(http);
    }

    /** A passkey of {@code user}'s, registered on the configured origin; returns its user handle. */
    @SuppressWarnings("unchecked")
    private ByteString registered(TestUser user, SoftwareAuthenticator authenticator) {
        Http.Answer options = http.post("/api/user/passkeys/registration-options", "", "Authorization",
                user.bearer());
        Map<String, Object> publicKey = (Map<String, Object>) options.data().get("publicKey");
        Http.Answer created = http.postJson("/api/user/passkeys", authenticator.register(Ceremony.of(ORIGIN,
                "localhost", ByteString.base64Url("challenge", (String) publicKey.get("challenge")))),
                "Authorization", user.bearer());
        assertEquals(201, created.status(), created.toString());
        return ByteString.base64Url("id", (String) ((Map<String, Object>) publicKey.get("user")).get("id"));
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> options(String body) {
        Http.Answer answer = http.postJson(OPTIONS, body);
        assertEquals(200, answer.status(), answer.toString());
        return (Map<String, Object>) answer.data().get("publicKey");
    }

    private Ceremony alone() {
        return Ceremony.get(ORIGIN, "localhost", ByteString.base64Url("challenge",
                (String) options("{}").get("challenge")));
    }

    private Http.Answer logIn(String assertion) {
        return http.postJson("/api/login/passkey", assertion);
    }

    /** Enrols and confirms a TOTP for {@code user}; returns the ticket of a login with their password. */
    private String ticketAfterThePassword(TestUser user) {
        Http.Answer enrolment = http.post("/api/user/second-factor/totp", "", "Authorization", user.bearer());
        Authenticator app = Authenticator.of((String) enrolment.data().get("secret"));
        assertEquals(200, http.postJson("/api/user/second-factor/totp/confirm", "{\"code\": \""
                + app.code(Authenticator.stepNow()) + "\"}", "Authorization", user.bearer()).status());
        Http.Answer password = http.logIn(user.username(), TestUser.PASSWORD);
        assertEquals("SECOND_FACTOR_REQUIRED", password.errorCode(), password.toString());
        return (String) password.data().get("ticket");
    }

    private static List<String> amr(String accessToken) {
        try {
            return JWTClaimsSet.parse(Tokens.payload(accessToken)).getStringListClaim("amr");
        } catch (ParseException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void theOptionsOfAPasskeyAloneAreWebAuthnJsonAskingForUserVerification() {
        Map<String, Object> options = options("{}");

        assertEquals(43, ((String) options.get("challenge")).length(), "32 bytes, base64url");
        assertEquals("localhost", options.get("rpId"));
        assertEquals(300_000, options.get("timeout"));
        assertEquals(List.of(), options.get("allowCredentials"));
        assertEquals("required", options.get("userVerification"));
    }

    @Test
    void aPasskeyAloneLogsInAsAPasswordDoesAndSaysHow() {
        SoftwareAuthenticator authenticator = SoftwareAuthenticator.create();
        ByteString handle = registered(carol, authenticator);

        Http.Answer login = logIn(authenticator.authenticate(alone(), Optional.of(handle)));

        assertEquals(200, login.status(), login.toString());
        assertEquals(Map.of("message", "Login successful", "accessToken", login.accessToken()), login.json());
        assertEquals("no-store", login.header("Cache-Control").orElse(""));
        assertTrue(login.refreshToken().length() >= 43, login.toString());
        assertEquals(List.of("swk", "user", "mfa"), amr(login.accessToken()));
        assertEquals(200, http.refresh(login.refreshToken()).status());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> passkeys = (List<Map<String, Object>>) http.get("/api/user/passkeys",
                "Authorization", carol.bearer()).json().get("data");
        assertTrue(ApiAnswers.ISO_UTC.matcher((String) passkeys.get(0).get("lastUsedAt")).matches(), "the use is kept");
    }

    @Test
    void aDeviceBoundPasskeyIsAHardwareKey() {
        SoftwareAuthenticator authenticator = SoftwareAuthenticator.create();
        Http.Answer options = http.post("/api/user/passkeys/registration-options", "", "Authorization",
                carol.bearer());
        @SuppressWarnings("unchecked")
        Map<String, Object> publicKey = (Map<String, Object>) options.data().get("publicKey");
        int deviceBound = SoftwareAuthenticator.FLAG_UP | SoftwareAuthenticator.FLAG_UV;
        assertEquals(201, http.postJson("/api/user/passkeys", authenticator.register(Ceremony.of(ORIGIN, "localhost",
                ByteString.base64Url("challenge", (String) publicKey.get("challenge"))).withFlags(deviceBound)),
                "Authorization", carol.bearer()).status());
        @SuppressWarnings("unchecked")
        ByteString handle = ByteString.base64Url("id", (String) ((Map<String, Object>) publicKey.get("user"))
                .get("id"));

        Http.Answer login = logIn(authenticator.authenticate(alone().withFlags(deviceBound), Optional.of(handle)));

        assertEquals(200, login.status(), login.toString());
        assertEquals(List.of("hwk", "user", "mfa"), amr(login.accessToken()));
    }

    @Test
    void aSignatureOfAnotherKeyIsRefused() {
        SoftwareAuthenticator authenticator = SoftwareAuthenticator.create();
        ByteString handle = registered(carol, authenticator);

        Http.Answer login = logIn(authenticator.impostor().authenticate(alone(), Optional.of(handle)));

        assertError(login, 401, "PASSKEY_LOGIN_FAILED");
        assertEquals(List.of(), login.setCookies());
    }

    @Test
    void aClonedAuthenticatorIsRefusedOnceItsCounterFallsBehind() {
        SoftwareAuthenticator authenticator = SoftwareAuthenticator.create();
        ByteString handle = registered(carol, authenticator);
        SoftwareAuthenticator clone = authenticator.copy();
        assertEquals(200, logIn(authenticator.authenticate(alone(), Optional.of(handle))).status());

        assertError(logIn(clone.authenticate(alone(), Optional.of(handle))), 401, "PASSKEY_LOGIN_FAILED");
        assertEquals(200, logIn(authenticator.authenticate(alone(), Optional.of(handle))).status(),
                "the genuine one counts on");
    }

    @Test
    void aPasskeyAloneWithoutUserVerificationIsRefused() {
        SoftwareAuthenticator authenticator = SoftwareAuthenticator.create();
        ByteString handle = registered(carol, authenticator);
        Ceremony touched = alone().withFlags(SoftwareAuthenticator.FLAG_UP | SoftwareAuthenticator.FLAG_BE
                | SoftwareAuthenticator.FLAG_BS);

        assertError(logIn(authenticator.authenticate(touched, Optional.of(handle))), 401, "PASSKEY_LOGIN_FAILED");
    }

    @Test
    void anAssertionIsTriedOnceForItsChallengeIsUsedUp() {
        SoftwareAuthenticator authenticator = SoftwareAuthenticator.create();
        ByteString handle = registered(carol, authenticator);
        String assertion = authenticator.authenticate(alone(), Optional.of(handle));
        assertEquals(200, logIn(assertion).status());

        assertError(logIn(assertion), 400, "PASSKEY_CHALLENGE_INVALID");
    }

    @Test
    void aDisabledUserIsRefused() {
        SoftwareAuthenticator authenticator = SoftwareAuthenticator.create();
        ByteString handle = registered(carol, authenticator);
        String admin = "Bearer " + http.logIn("bob", "bob-password").accessToken();
        assertEquals(204, http.post("/api/admin/users/" + carol.userId() + "/disable", "", "Authorization", admin)
                .status());

        assertError(logIn(authenticator.authenticate(alone(), Optional.of(handle))), 401, "PASSKEY_LOGIN_FAILED");
    }

    /** toJSON() writes the credential id twice, as id and as rawId: two ids are no browser's. */
    @Test
    @SuppressWarnings("unchecked")
    void anAssertionWhoseIdIsNotItsRawIdIsBadInputAndChangesNothing() {
        SoftwareAuthenticator authenticator = SoftwareAuthenticator.create();
        ByteString handle = registered(carol, authenticator);
        String otherId = SoftwareAuthenticator.create().credentialId().base64Url();
        String assertion = authenticator.authenticate(alone(), Optional.of(handle));

        Http.Answer login = logIn(assertion.replace("\"id\":\"" + authenticator.credentialId().base64Url(),
                "\"id\":\"" + otherId));

        assertError(login, 400, "INVALID_INPUT");
        assertEquals(List.of(), login.setCookies());
        List<Map<String, Object>> passkeys = (List<Map<String, Object>>) http.get("/api/user/passkeys",
                "Authorization", carol.bearer()).json().get("data");
        assertNull(passkeys.get(0).get("lastUsedAt"), "no use is kept");
    }

    @Test
    void somethingThatIsNoAssertionIsBadInput() {
        assertError(logIn("{}"), 400, "INVALID_INPUT");
        assertError(logIn("{\"response\": {}}"), 400, "INVALID_INPUT");
        assertError(http.postJson(OPTIONS, "[]"), 400, "INVALID_INPUT");
    }

    // A passkey as the second factor of a password.

    @Test
    @SuppressWarnings("unchecked")
    void aPasskeyCompletesALoginThatWaitsForItsSecondFactor() {
        SoftwareAuthenticator authenticator = SoftwareAuthenticator.create();
        registered(carol, authenticator);
        ticketAfterThePassword(carol);
        Http.Answer password = http.logIn(carol.username(), TestUser.PASSWORD);
        assertEquals(List.of("totp", "recovery-code", "passkey"), password.data().get("methods"));
        String ticket = (String) password.data().get("ticket");

        Map<String, Object> options = options("{\"ticket\": \"" + ticket + "\"}");
        assertEquals("preferred", options.get("userVerification"));
        assertEquals(List.of(authenticator.credentialId().base64Url()), ((List<Map<String, Object>>)
                options.get("allowCredentials")).stream().map(descriptor -> descriptor.get("id")).toList());
        String assertion = authenticator.authenticate(Ceremony.get(ORIGIN, "localhost", ByteString.base64Url(
                "challenge", (String) options.get("challenge"))).withFlags(SoftwareAuthenticator.FLAG_UP
                | SoftwareAuthenticator.FLAG_BE | SoftwareAuthenticator.FLAG_BS), Optional.empty());

        Http.Answer completed = http.postJson("/api/login/second-factor", "{\"ticket\": \"" + ticket
                + "\", \"passkey\": " + assertion + "}");

        assertEquals(200, completed.status(), completed.toString());
        assertEquals(List.of("pwd", "swk", "mfa"), amr(completed.accessToken()));
    }

    @Test
    void aRefusedPasskeyIsAWrongCodeAndAPasskeyAloneChallengeCompletesNothing() {
        SoftwareAuthenticator authenticator = SoftwareAuthenticator.create();
        ByteString handle = registered(carol, authenticator);
        String ticket = ticketAfterThePassword(carol);

        String forAlone = authenticator.authenticate(alone(), Optional.of(handle));
        assertError(http.postJson("/api/login/second-factor", "{\"ticket\": \"" + ticket + "\", \"passkey\": "
                + forAlone + "}"), 401, "INVALID_SECOND_FACTOR");
        Map<String, Object> options = options("{\"ticket\": \"" + ticket + "\"}");
        String impostor = authenticator.impostor().authenticate(Ceremony.get(ORIGIN, "localhost",
                ByteString.base64Url("challenge", (String) options.get("challenge"))), Optional.of(handle));
        assertError(http.postJson("/api/login/second-factor", "{\"ticket\": \"" + ticket + "\", \"passkey\": "
                + impostor + "}"), 401, "INVALID_SECOND_FACTOR");
        assertError(http.postJson("/api/login/second-factor", "{\"ticket\": \"" + ticket + "\", \"passkey\": "
                + forAlone + ", \"code\": \"123456\"}"), 400, "INVALID_INPUT");
    }

    @Test
    void theOptionsOfADeadTicketOrOfAUserWithoutPasskeysAreRefused() {
        assertError(http.postJson(OPTIONS, "{\"ticket\": \"no-such-ticket\"}"), 401, "LOGIN_TICKET_INVALID");
        String ticket = ticketAfterThePassword(carol);
        assertError(http.postJson(OPTIONS, "{\"ticket\": \"" + ticket + "\"}"), 404, "PASSKEY_NOT_FOUND");
    }
}
