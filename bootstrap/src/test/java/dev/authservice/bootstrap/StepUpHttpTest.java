package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Changing how one signs in asks who one is again, over real HTTP against the whole service. A session proves who its
 * user is for {@code auth.step-up.max-age}, four seconds here: auth_time is whole seconds, so a fresh proof has three
 * to four left, enough on a loaded machine. The tests wait that long, as a thief holding the access token of a
 * session would. The first test is the sequence by which a stolen access token became a permanent login: it is
 * refused at its first step, and so is every other change to a credential.
 */
@MicronautTest
@Property(name = "auth.step-up.max-age", value = "4s")
@Property(name = "auth.webauthn.origins", value = StepUpHttpTest.ORIGIN)
class StepUpHttpTest {

    static final String ORIGIN = "https://app.example.test";
    /** auth_time is whole seconds, rounded down: a proof is at least this old after this long. */
    private static final long PAST_THE_MAX_AGE_MS = 4100;
    private static final String PASSKEYS = "/api/user/passkeys";
    private static final String TOTP = "/api/user/second-factor/totp";
    private static final String REAUTHENTICATION = "/api/user/reauthentication";

    @Inject
    EmbeddedServer server;

    private Http http;

    @BeforeEach
    void client() {
        http = new Http(server.getURI());
    }

    private static void assertStepUpRequired(Http.Answer answer) {
        assertError(answer, 401, "REAUTHENTICATION_REQUIRED");
        assertEquals(Optional.of("Bearer error=\"insufficient_user_authentication\", error_description=\"A more "
                + "recent authentication is required\""), answer.header("WWW-Authenticate"), answer.toString());
    }

    private static Instant authTime(String bearer) {
        try {
            return JWTClaimsSet.parse(Tokens.payload(bearer.substring("Bearer ".length())))
                    .getDateClaim("auth_time").toInstant();
        } catch (ParseException e) {
            throw new AssertionError(e);
        }
    }

    private static List<String> amr(String bearer) {
        try {
            return JWTClaimsSet.parse(Tokens.payload(bearer.substring("Bearer ".length()))).getStringListClaim("amr");
        } catch (ParseException e) {
            throw new AssertionError(e);
        }
    }

    /** The access token a proof answers, as a Bearer credential. */
    private static String provenBearer(Http.Answer proof) {
        assertEquals(200, proof.status(), proof.toString());
        assertEquals("no-store", proof.header("Cache-Control").orElse(""));
        return "Bearer " + proof.data().get("accessToken");
    }

    @Test
    void aStolenAccessTokenCannotChangeHowItsUserSignsIn() throws InterruptedException {
        TestUser carol = TestUser.create(http);
        Http.Answer login = http.logIn(carol.username(), TestUser.PASSWORD);
        String stolen = "Bearer " + login.accessToken();
        Thread.sleep(PAST_THE_MAX_AGE_MS);

        // The probe's sequence: registering the thief's passkey. Refused at its first step.
        assertStepUpRequired(http.post(PASSKEYS + "/registration-options", "", "Authorization", stolen));
        assertStepUpRequired(http.postJson(PASSKEYS, "{\"id\": \"AAAA\", \"rawId\": \"AAAA\", \"type\": "
                + "\"public-key\", \"response\": {}}", "Authorization", stolen));
        // And every other change to how carol signs in.
        assertStepUpRequired(http.delete(PASSKEYS + "/AAAAAAAAAAAAAAAAAAAAAA", "Authorization", stolen));
        assertStepUpRequired(http.post(TOTP, "", "Authorization", stolen));
        assertStepUpRequired(http.postJson(TOTP + "/confirm", "{\"code\": \"123456\"}", "Authorization", stolen));
        assertStepUpRequired(http.delete(TOTP, "Authorization", stolen));
        assertStepUpRequired(http.post(TOTP + "/recovery-codes", "", "Authorization", stolen));
        assertStepUpRequired(http.putJson("/api/user/password", "{\"currentPassword\": \"" + TestUser.PASSWORD
                + "\", \"newPassword\": \"an entirely new passphrase\"}", "Authorization", stolen));
        // The address the account is recovered by, too.
        assertStepUpRequired(http.putJson("/api/user/email", "{\"email\": \"thief@example.com\"}", "Authorization",
                stolen));
        // A token refreshed from the same session says when its user last proved who they are: just as long ago.
        String refreshed = "Bearer " + http.refresh(login.refreshToken()).accessToken();
        assertEquals(authTime(stolen), authTime(refreshed));
        assertStepUpRequired(http.post(PASSKEYS + "/registration-options", "", "Authorization", refreshed));

        assertEquals(List.of(), http.get(PASSKEYS, "Authorization", refreshed).json().get("data"));
        assertEquals("NONE", http.get("/api/user/second-factor", "Authorization", refreshed).data().get("totp"));
        assertEquals(200, http.logIn(carol.username(), TestUser.PASSWORD).status(), "the password is unchanged");
        assertNull(http.get("/api/user/email", "Authorization", refreshed).data().get("email"));
        Http.Answer refusals = http.get("/api/admin/audit-events?type=REAUTHENTICATION_REQUIRED&userId="
                + carol.userId(), "Authorization", "Bearer " + http.logIn("bob", "bob-password").accessToken());
        assertEquals(10, refusals.content().size(), refusals.toString());
    }

    @Test
    void provingAgainWithThePasswordLetsTheSessionChangeItsCredentialsForAWhile() throws InterruptedException {
        TestUser carol = TestUser.create(http);
        Http.Answer login = http.logIn(carol.username(), TestUser.PASSWORD);
        String stale = "Bearer " + login.accessToken();
        Thread.sleep(PAST_THE_MAX_AGE_MS);

        assertError(http.postJson(REAUTHENTICATION, "{\"password\": \"not carol's\"}", "Authorization", stale), 401,
                "INVALID_CREDENTIALS");
        String proven = provenBearer(http.postJson(REAUTHENTICATION, "{\"password\": \"" + TestUser.PASSWORD + "\"}",
                "Authorization", stale));

        assertTrue(authTime(proven).isAfter(authTime(stale)), proven);
        assertEquals(List.of("pwd"), amr(proven));
        assertEquals(200, http.post(PASSKEYS + "/registration-options", "", "Authorization", proven).status());
        assertStepUpRequired(http.post(PASSKEYS + "/registration-options", "", "Authorization", stale));
        String refreshed = "Bearer " + http.refresh(login.refreshToken()).accessToken();
        assertEquals(authTime(proven), authTime(refreshed), "the session keeps the new proof");

        Thread.sleep(PAST_THE_MAX_AGE_MS);
        assertStepUpRequired(http.post(PASSKEYS + "/registration-options", "", "Authorization", proven));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aUserWithTwoStepSignInProvesItWithThePasswordAndACodeOrARecoveryCode() throws InterruptedException {
        TestUser carol = TestUser.create(http);
        Authenticator app = Authenticator.of((String) http.post(TOTP, "", "Authorization", carol.bearer()).data()
                .get("secret"));
        long confirmed = Authenticator.stepNow();
        Http.Answer confirmation = http.postJson(TOTP + "/confirm", "{\"code\": \"" + app.code(confirmed) + "\"}",
                "Authorization", carol.bearer());
        assertEquals(200, confirmation.status(), confirmation.toString());
        List<String> recoveryCodes = (List<String>) confirmation.data().get("recoveryCodes");
        Thread.sleep(PAST_THE_MAX_AGE_MS);

        assertError(http.postJson(REAUTHENTICATION, "{\"password\": \"" + TestUser.PASSWORD + "\"}",
                "Authorization", carol.bearer()), 401, "SECOND_FACTOR_REQUIRED");
        assertError(http.postJson(REAUTHENTICATION, "{\"password\": \"" + TestUser.PASSWORD + "\", \"code\": \""
                + app.code(confirmed - 20) + "\"}", "Authorization", carol.bearer()), 401, "INVALID_CREDENTIALS");
        String proven = provenBearer(http.postJson(REAUTHENTICATION, "{\"password\": \"" + TestUser.PASSWORD
                + "\", \"code\": \"" + app.code(Math.max(confirmed + 1, Authenticator.stepNow())) + "\"}",
                "Authorization", carol.bearer()));
        assertEquals(List.of("pwd", "otp", "mfa"), amr(proven));

        Http.Answer renewed = http.post(TOTP + "/recovery-codes", "", "Authorization", proven);
        assertEquals(200, renewed.status(), renewed.toString());
        List<String> newCodes = (List<String>) renewed.data().get("recoveryCodes");
        assertEquals(10, newCodes.size());
        assertNotEquals(recoveryCodes, newCodes);
        assertError(http.postJson(REAUTHENTICATION, "{\"password\": \"" + TestUser.PASSWORD + "\", \"recoveryCode\": "
                + "\"" + recoveryCodes.get(0) + "\"}", "Authorization", proven), 401, "INVALID_CREDENTIALS");
        assertEquals(List.of("pwd", "mfa"), amr(provenBearer(http.postJson(REAUTHENTICATION, "{\"password\": \""
                + TestUser.PASSWORD + "\", \"recoveryCode\": \"" + newCodes.get(0) + "\"}", "Authorization", proven))));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aPasskeyAloneProvesIt() throws InterruptedException {
        TestUser carol = TestUser.create(http);
        SoftwareAuthenticator authenticator = SoftwareAuthenticator.create();
        Map<String, Object> options = (Map<String, Object>) http.post(PASSKEYS + "/registration-options", "",
                "Authorization", carol.bearer()).data().get("publicKey");
        assertEquals(201, http.postJson(PASSKEYS, authenticator.register(Ceremony.of(ORIGIN, "localhost",
                ByteString.base64Url("challenge", (String) options.get("challenge")))), "Authorization",
                carol.bearer()).status());
        ByteString handle = ByteString.base64Url("id", (String) ((Map<String, Object>) options.get("user")).get("id"));
        Thread.sleep(PAST_THE_MAX_AGE_MS);

        Map<String, Object> challenge = (Map<String, Object>) http.postJson("/api/login/passkey/options", "{}").data()
                .get("publicKey");
        String assertion = authenticator.authenticate(Ceremony.get(ORIGIN, "localhost",
                ByteString.base64Url("challenge", (String) challenge.get("challenge"))), Optional.of(handle));
        String proven = provenBearer(http.postJson(REAUTHENTICATION, "{\"passkey\": " + assertion + "}",
                "Authorization", carol.bearer()));

        assertEquals(List.of("swk", "user", "mfa"), amr(proven));
        assertEquals(204, http.delete(PASSKEYS + "/" + authenticator.credentialId().base64Url(),
                "Authorization", proven).status());
    }

    @Test
    void aProofIsNeitherHalfOfOneNorTwo() {
        TestUser carol = TestUser.create(http);

        assertError(http.postJson(REAUTHENTICATION, "{}", "Authorization", carol.bearer()), 400, "INVALID_INPUT");
        assertError(http.postJson(REAUTHENTICATION, "{\"password\": \"x\", \"passkey\": {}}", "Authorization",
                carol.bearer()), 400, "INVALID_INPUT");
        assertError(http.postJson(REAUTHENTICATION, "{\"password\": \"x\", \"code\": \"123456\", \"recoveryCode\": "
                + "\"ABCDE-FGH23\"}", "Authorization", carol.bearer()), 400, "INVALID_INPUT");
        assertError(http.postJson(REAUTHENTICATION, "{\"password\": \"" + TestUser.PASSWORD + "\"}"), 401,
                "UNAUTHORIZED");
    }
}
