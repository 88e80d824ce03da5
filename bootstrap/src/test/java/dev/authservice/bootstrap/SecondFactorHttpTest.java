package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jwt.JWTClaimsSet;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A TOTP as a second factor, end to end: enrol, confirm, log in with a code or a recovery code (and the amr of the
 * tokens), remove, and an administrator's reset. Each test works on a user of its own. The login throttle is raised
 * here so that a ticket's own limit on wrong codes is what a test meets; with the default, the password and four
 * wrong codes reach the throttle first.
 */
@MicronautTest
@Property(name = "auth.login.max-failures", value = "20")
class SecondFactorHttpTest {

    private static final String PATH = "/api/user/second-factor/totp";

    @Inject
    EmbeddedServer server;

    private Http http() {
        return new Http(server.getURI());
    }

    /**
     * A user whose TOTP is in effect, confirmed with the code of {@code confirmedStep} (the step before now), whose
     * code is refused from then on, and their recovery codes.
     */
    private record Enrolled(TestUser user, Authenticator app, long confirmedStep, List<String> recoveryCodes) {
    }

    @SuppressWarnings("unchecked")
    private Enrolled enrolled(Http http) {
        TestUser user = TestUser.create(http);
        Http.Answer enrolment = http.post(PATH, "", "Authorization", user.bearer());
        assertEquals(200, enrolment.status(), enrolment.toString());
        Authenticator app = Authenticator.of((String) enrolment.data().get("secret"));
        long step = Authenticator.stepNow() - 1;
        Http.Answer confirmed = http.postJson(PATH + "/confirm", "{\"code\": \"" + app.code(step) + "\"}",
                "Authorization", user.bearer());
        assertEquals(200, confirmed.status(), confirmed.toString());
        return new Enrolled(user, app, step, (List<String>) confirmed.data().get("recoveryCodes"));
    }

    private static String ticket(Http http, TestUser user) {
        Http.Answer login = http.logIn(user.username(), TestUser.PASSWORD);
        assertEquals(401, login.status(), login.toString());
        assertEquals("SECOND_FACTOR_REQUIRED", login.errorCode());
        return (String) login.data().get("ticket");
    }

    private static List<String> amr(String accessToken) {
        try {
            return JWTClaimsSet.parse(Tokens.payload(accessToken)).getStringListClaim("amr");
        } catch (ParseException e) {
            throw new AssertionError(e);
        }
    }

    private static Http.Answer complete(Http http, String ticket, String field, String value) {
        return http.postJson("/api/login/second-factor",
                "{\"ticket\": \"" + ticket + "\", \"" + field + "\": \"" + value + "\"}");
    }

    @Test
    void anEnrolmentIsPendingUntilConfirmedAndThenStays() {
        Http http = http();
        TestUser user = TestUser.create(http);

        Http.Answer first = http.post(PATH, "", "Authorization", user.bearer());
        assertEquals(200, first.status(), first.toString());
        assertEquals("no-store", first.header("Cache-Control").orElse(""));
        String secret = (String) first.data().get("secret");
        assertTrue(secret.matches("[A-Z2-7]{32}"), secret);
        assertEquals("otpauth://totp/auth-service:" + user.username() + "?secret=" + secret
                + "&issuer=auth-service&algorithm=SHA1&digits=6&period=30", first.data().get("otpauthUri"));
        String qrCode = (String) first.data().get("qrCode");
        assertTrue(qrCode.startsWith("data:image/svg+xml;base64,"), qrCode);
        assertTrue(new String(Base64.getDecoder().decode(qrCode.substring(qrCode.indexOf(',') + 1)),
                StandardCharsets.UTF_8).startsWith("<svg "), "an SVG image of the key URI");
        assertEquals(200, http.logIn(user.username(), TestUser.PASSWORD).status(), "not in effect while pending");

        String replaced = (String) http.post(PATH, "", "Authorization", user.bearer()).data().get("secret");
        Authenticator app = Authenticator.of(replaced);
        assertError(http.postJson(PATH + "/confirm", "{\"code\": \"" + Authenticator.of(secret)
                .code(Authenticator.stepNow()) + "\"}", "Authorization", user.bearer()), 401, "INVALID_SECOND_FACTOR");

        Http.Answer confirmed = http.postJson(PATH + "/confirm", "{\"code\": \"" + app.code(Authenticator.stepNow())
                + "\"}", "Authorization", user.bearer());
        assertEquals(200, confirmed.status(), confirmed.toString());
        @SuppressWarnings("unchecked")
        List<String> codes = (List<String>) confirmed.data().get("recoveryCodes");
        assertEquals(10, codes.size());
        codes.forEach(code -> assertTrue(code.matches("[A-Z2-7]{5}-[A-Z2-7]{5}"), code));

        assertError(http.post(PATH, "", "Authorization", user.bearer()), 409, "SECOND_FACTOR_ALREADY_ENROLLED");
        assertError(http.postJson(PATH + "/confirm", "{\"code\": \"123456\"}", "Authorization", user.bearer()),
                404, "SECOND_FACTOR_NOT_FOUND");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theRightPasswordAsksForTheSecondFactorWhichCompletesTheLoginOnce() {
        Http http = http();
        Enrolled enrolled = enrolled(http);

        Http.Answer login = http.logIn(enrolled.user().username(), TestUser.PASSWORD);
        assertEquals(401, login.status(), login.toString());
        assertEquals("SECOND_FACTOR_REQUIRED", login.errorCode());
        assertEquals(List.of(), login.setCookies());
        Map<String, Object> challenge = login.data();
        assertEquals(List.of("totp", "recovery-code"), challenge.get("methods"));
        assertEquals(300, ((Number) challenge.get("expiresIn")).intValue());
        String ticket = (String) challenge.get("ticket");

        String code = enrolled.app().code(Authenticator.stepNow());
        Http.Answer completed = complete(http, ticket, "code", code);
        assertEquals(200, completed.status(), completed.toString());
        assertEquals("Login successful", completed.json().get("message"));
        assertEquals("no-store", completed.header("Cache-Control").orElse(""));
        assertEquals(200, http.get("/api/user/profile", "Authorization", "Bearer " + completed.accessToken()).status());
        assertEquals(List.of("pwd", "otp", "mfa"), amr(completed.accessToken()));
        Http.Answer refreshed = http.refresh(completed.refreshToken());
        assertEquals(200, refreshed.status());
        assertEquals(List.of("pwd", "otp", "mfa"), amr(refreshed.accessToken()), "a refresh keeps the session's");

        assertError(complete(http, ticket, "code", code), 401, "LOGIN_TICKET_INVALID");
        assertError(complete(http, ticket(http, enrolled.user()), "code", code), 401, "INVALID_SECOND_FACTOR");
        assertError(http.logIn(enrolled.user().username(), "not the password"), 401, "INVALID_CREDENTIALS");
    }

    @Test
    void aRecoveryCodeCompletesALoginOnce() {
        Http http = http();
        Enrolled enrolled = enrolled(http);
        String recoveryCode = enrolled.recoveryCodes().get(3);

        Http.Answer completed = complete(http, ticket(http, enrolled.user()), "recoveryCode",
                recoveryCode.toLowerCase());
        assertEquals(200, completed.status(), completed.toString());
        assertEquals(List.of("pwd", "mfa"), amr(completed.accessToken()));

        assertError(complete(http, ticket(http, enrolled.user()), "recoveryCode", recoveryCode), 401,
                "INVALID_SECOND_FACTOR");
        assertEquals(200, complete(http, ticket(http, enrolled.user()), "recoveryCode",
                enrolled.recoveryCodes().get(4)).status());
    }

    @Test
    void fiveWrongCodesEndTheTicket() {
        Http http = http();
        Enrolled enrolled = enrolled(http);
        String ticket = ticket(http, enrolled.user());
        String wrong = enrolled.app().code(Authenticator.stepNow() + 5);

        for (int attempt = 1; attempt <= 5; attempt++) {
            assertError(complete(http, ticket, "code", wrong), 401, "INVALID_SECOND_FACTOR");
        }
        assertError(complete(http, ticket, "code", enrolled.app().code(Authenticator.stepNow())), 401,
                "LOGIN_TICKET_INVALID");
    }

    @Test
    void aPasswordChangedAfterTheTicketWasIssuedEndsIt() {
        Http http = http();
        Enrolled enrolled = enrolled(http);
        String ticket = ticket(http, enrolled.user());

        assertEquals(204, http.putJson("/api/user/password", "{\"currentPassword\": \"" + TestUser.PASSWORD
                + "\", \"newPassword\": \"amber kites drifting over the northern sea\"}", "Authorization",
                enrolled.user().bearer()).status());

        assertError(complete(http, ticket, "code", enrolled.app().code(Authenticator.stepNow())), 401,
                "LOGIN_TICKET_INVALID");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{}", "{\"ticket\": \"t\"}", "{\"ticket\": \"t\", \"code\": \"12345\"}",
            "{\"ticket\": \"t\", \"code\": 123456}", "{\"ticket\": \"t\", \"recoveryCode\": \"short\"}",
            "{\"ticket\": \"t\", \"code\": \"123456\", \"recoveryCode\": \"ABCDE-FGH23\"}",
            "{\"ticket\": \"\", \"code\": \"123456\"}", "[]", "null"})
    void aMalformedCompletionIsBadInputAndSpendsNothing(String body) {
        Http http = http();
        Enrolled enrolled = enrolled(http);
        String ticket = ticket(http, enrolled.user());

        assertError(http.postJson("/api/login/second-factor", body.replace("\"t\"", "\"" + ticket + "\"")), 400,
                "INVALID_INPUT");
        assertEquals(200, complete(http, ticket, "code", enrolled.app().code(Authenticator.stepNow())).status(),
                "the ticket is still good");
    }

    @Test
    void anUnknownTicketIsRefused() {
        assertError(complete(http(), "made-up", "code", "123456"), 401, "LOGIN_TICKET_INVALID");
    }

    @Test
    void theUserRemovesItAndThePasswordAloneSignsInAgain() {
        Http http = http();
        Enrolled enrolled = enrolled(http);
        String bearer = enrolled.user().bearer();

        assertEquals(204, http.delete(PATH, "Authorization", bearer).status());
        Http.Answer plain = http.logIn(enrolled.user().username(), TestUser.PASSWORD);
        assertEquals(200, plain.status());
        assertEquals(List.of("pwd"), amr(plain.accessToken()));
        assertError(http.delete(PATH, "Authorization", bearer), 404, "SECOND_FACTOR_NOT_FOUND");
    }

    @Test
    void anAdministratorResetsAUsersSecondFactorsAndEndsTheirSessions() {
        Http http = http();
        Enrolled enrolled = enrolled(http);
        String admin = "Bearer " + http.logIn("bob", "bob-password").accessToken();

        assertError(http.delete("/api/admin/users/" + enrolled.user().userId() + "/second-factors", "Authorization",
                enrolled.user().bearer()), 403, "FORBIDDEN");
        assertEquals(204, http.delete("/api/admin/users/" + enrolled.user().userId() + "/second-factors",
                "Authorization", admin).status());
        assertError(http.get("/api/user/profile", "Authorization", enrolled.user().bearer()), 401, "TOKEN_REVOKED");
        assertEquals(200, http.logIn(enrolled.user().username(), TestUser.PASSWORD).status());
        assertError(http.delete("/api/admin/users/00000000-0000-4000-8000-000000000000/second-factors",
                "Authorization", admin), 404, "USER_NOT_FOUND");
    }

    /** What the user has, read back at each step: never a secret, and no recovery code without a confirmed TOTP. */
    @Test
    void theUserSeesWhetherTheirTotpIsInEffectAndHowManyRecoveryCodesAreLeft() {
        Http http = http();
        TestUser user = TestUser.create(http);
        assertEquals(Map.of("totp", "NONE", "recoveryCodesLeft", 0, "passkeys", 0), secondFactors(http, user));

        Authenticator app = Authenticator.of((String) http.post(PATH, "", "Authorization", user.bearer()).data()
                .get("secret"));
        assertEquals(Map.of("totp", "PENDING", "recoveryCodesLeft", 0, "passkeys", 0), secondFactors(http, user));

        long step = Authenticator.stepNow();
        Http.Answer confirmed = http.postJson(PATH + "/confirm", "{\"code\": \"" + app.code(step) + "\"}",
                "Authorization", user.bearer());
        Http.Answer status = http.get("/api/user/second-factor", "Authorization", user.bearer());
        assertEquals("no-store", status.header("Cache-Control").orElse(""));
        assertEquals("CONFIRMED", status.data().get("totp"), status.toString());
        assertTrue(((String) status.data().get("totpConfirmedAt")).matches("\\d{4}-\\d\\d-\\d\\dT[0-9:.]{12}Z"),
                status.toString());
        assertEquals(10, status.data().get("recoveryCodesLeft"));
        assertEquals(Map.of("totp", "CONFIRMED", "recoveryCodesLeft", 10, "passkeys", 0), secondFactors(http, user));

        @SuppressWarnings("unchecked")
        String recoveryCode = ((List<String>) confirmed.data().get("recoveryCodes")).get(0);
        assertEquals(200, complete(http, ticket(http, user), "recoveryCode", recoveryCode).status());
        assertEquals(9, secondFactors(http, user).get("recoveryCodesLeft"));

        assertEquals(204, http.delete(PATH, "Authorization", user.bearer()).status());
        assertEquals(Map.of("totp", "NONE", "recoveryCodesLeft", 0, "passkeys", 0), secondFactors(http, user));
    }

    /** The answer of GET /api/user/second-factor but its confirmation time, which its own test checks. */
    private static Map<String, Object> secondFactors(Http http, TestUser user) {
        Http.Answer answer = http.get("/api/user/second-factor", "Authorization", user.bearer());
        assertEquals(200, answer.status(), answer.toString());
        Map<String, Object> data = new HashMap<>(answer.data());
        data.remove("totpConfirmedAt");
        return data;
    }

    @Test
    void withoutATokenEveryPathOfTheUserIsUnauthorized() {
        Http http = http();
        assertError(http.get("/api/user/second-factor"), 401, "UNAUTHORIZED");
        assertError(http.post(PATH, ""), 401, "UNAUTHORIZED");
        assertError(http.postJson(PATH + "/confirm", "{\"code\": \"123456\"}"), 401, "UNAUTHORIZED");
        assertError(http.delete(PATH), 401, "UNAUTHORIZED");
        assertError(http.post(PATH + "/recovery-codes", ""), 401, "UNAUTHORIZED");
    }
}
