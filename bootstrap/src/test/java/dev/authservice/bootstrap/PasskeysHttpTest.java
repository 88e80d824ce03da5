package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.ISO_UTC;
import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.SoftwareAuthenticator.Ceremony;
import dev.authservice.application.fixtures.SoftwareAuthenticator;
import dev.authservice.domain.passkey.ByteString;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Registering, listing and deleting passkeys over real HTTP against the whole service, with a software authenticator
 * in place of a browser's. Each test works on users it creates itself ({@link TestUser}).
 */
@MicronautTest
@Property(name = "auth.webauthn.origins", value = PasskeysHttpTest.ORIGIN)
class PasskeysHttpTest {

    static final String ORIGIN = "https://app.example.test";
    private static final String PATH = "/api/user/passkeys";
    private static final String OPTIONS = PATH + "/registration-options";

    @Inject
    EmbeddedServer server;

    Http http;
    TestUser carol;

    @BeforeEach
    void client() {
        http = new Http(server.getURI());
        carol = TestUser.create(http);
    }

    // ---------------------------------------------------------------------------------------------- helpers

    @SuppressWarnings("unchecked")
    private Map<String, Object> options(TestUser user) {
        Http.Answer answer = http.post(OPTIONS, "", "Authorization", user.bearer());
        assertEquals(200, answer.status(), answer.toString());
        return (Map<String, Object>) answer.data().get("publicKey");
    }

    /** A registration the authenticator makes on the configured origin, for a new challenge of {@code user}'s. */
    private String response(TestUser user, SoftwareAuthenticator authenticator) {
        return authenticator.register(ceremony(user));
    }

    private Ceremony ceremony(TestUser user) {
        return Ceremony.of(ORIGIN, "localhost", ByteString.base64Url("challenge",
                (String) options(user).get("challenge")));
    }

    private Http.Answer register(TestUser user, String body) {
        return http.postJson(PATH, body, "Authorization", user.bearer());
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> passkeysOf(TestUser user) {
        Http.Answer answer = http.get(PATH, "Authorization", user.bearer());
        assertEquals(200, answer.status(), answer.toString());
        return (List<Map<String, Object>>) answer.json().get("data");
    }

    /** The response with {@code transports} (JSON) in place of the authenticator's. */
    private static String withTransports(String response, String transports) {
        String own = "\"transports\":[\"hybrid\",\"internal\"]";
        assertTrue(response.contains(own), response);
        return response.replace(own, "\"transports\":" + transports);
    }

    private static String named(String response, String nameJson) {
        return response.substring(0, response.length() - 1) + ",\"name\":" + nameJson + "}";
    }

    // ---------------------------------------------------------------------------------------------- tests

    @Test
    @SuppressWarnings("unchecked")
    void theOptionsAreTheWebAuthnJsonOfADiscoverableVerifiedCredential() {
        Map<String, Object> options = options(carol);

        assertEquals(43, ((String) options.get("challenge")).length(), "32 bytes, base64url");
        assertEquals(Map.of("id", "localhost", "name", "auth-service"), options.get("rp"));
        Map<String, Object> user = (Map<String, Object>) options.get("user");
        assertEquals(carol.username(), user.get("name"));
        assertEquals("Nick", user.get("displayName"));
        assertEquals(43, ((String) user.get("id")).length(), "a random handle, neither name nor id");
        assertEquals(List.of(Map.of("type", "public-key", "alg", -7), Map.of("type", "public-key", "alg", -8),
                Map.of("type", "public-key", "alg", -257)), options.get("pubKeyCredParams"));
        assertEquals(300_000, options.get("timeout"));
        assertEquals(List.of(), options.get("excludeCredentials"));
        assertEquals(Map.of("residentKey", "required", "requireResidentKey", true, "userVerification", "required"),
                options.get("authenticatorSelection"));
        assertEquals("none", options.get("attestation"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aPasskeyIsRegisteredListedExcludedAndDeleted() {
        SoftwareAuthenticator authenticator = SoftwareAuthenticator.create();
        String id = authenticator.credentialId().base64Url();

        Http.Answer created = register(carol, named(response(carol, authenticator), "\"Work laptop\""));

        assertEquals(201, created.status(), created.toString());
        assertEquals(PATH + "/" + id, created.header("Location").orElseThrow());
        Map<String, Object> passkey = created.data();
        assertEquals(Set.of("id", "name", "aaguid", "backupEligible", "backedUp", "transports", "createdAt",
                "lastUsedAt"), passkey.keySet(), "no key material");
        assertEquals(id, passkey.get("id"));
        assertEquals("Work laptop", passkey.get("name"));
        assertEquals(true, passkey.get("backupEligible"));
        assertEquals(true, passkey.get("backedUp"));
        assertEquals(List.of("hybrid", "internal"), passkey.get("transports"));
        assertEquals("00000000-0000-0000-0000-000000000000", passkey.get("aaguid"));
        assertTrue(ISO_UTC.matcher((String) passkey.get("createdAt")).matches());
        assertNull(passkey.get("lastUsedAt"));
        assertEquals(List.of(passkey), passkeysOf(carol));

        Map<String, Object> again = options(carol);
        assertEquals(List.of(Map.of("type", "public-key", "id", id, "transports", List.of("hybrid", "internal"))),
                again.get("excludeCredentials"));

        assertEquals(204, http.delete(PATH + "/" + id, "Authorization", carol.bearer()).status());
        assertEquals(List.of(), passkeysOf(carol));
        assertError(http.delete(PATH + "/" + id, "Authorization", carol.bearer()), 404, "PASSKEY_NOT_FOUND");
    }

    @Test
    @SuppressWarnings("unchecked")
    void anAdministratorListsAUsersPasskeysAndRemovesOneWhichEndsTheirSessions() {
        SoftwareAuthenticator authenticator = SoftwareAuthenticator.create();
        String id = authenticator.credentialId().base64Url();
        assertEquals(201, register(carol, named(response(carol, authenticator), "\"Not mine\"")).status());
        String admin = "Bearer " + http.logIn("bob", "bob-password").accessToken();
        String users = "/api/admin/users/";

        Http.Answer listed = http.get(users + carol.userId() + "/passkeys", "Authorization", admin);
        assertEquals(200, listed.status(), listed.toString());
        assertEquals(passkeysOf(carol), listed.json().get("data"));
        assertError(http.get(users + carol.userId() + "/passkeys", "Authorization", carol.bearer()), 403,
                "FORBIDDEN");
        assertError(http.delete(users + UUID.randomUUID() + "/passkeys/" + id, "Authorization", admin), 404,
                "USER_NOT_FOUND");
        assertError(http.delete(users + TestUser.create(http).userId() + "/passkeys/" + id, "Authorization", admin),
                404, "PASSKEY_NOT_FOUND");

        assertEquals(204, http.delete(users + carol.userId() + "/passkeys/" + id, "Authorization", admin).status());

        assertError(http.get(PATH, "Authorization", carol.bearer()), 401, "TOKEN_REVOKED");
        assertEquals(List.of(), (List<Object>) http.get(users + carol.userId() + "/passkeys", "Authorization", admin)
                .json().get("data"));
    }

    @Test
    void withoutANameAPasskeyIsNamedForTheDay() {
        Http.Answer created = register(carol, response(carol, SoftwareAuthenticator.create()));

        assertEquals(201, created.status(), created.toString());
        assertTrue(((String) created.data().get("name")).startsWith("Passkey of 20"), created.toString());
    }

    @Test
    void aReplayedResponseIsRefusedForItsChallengeIsUsedUp() {
        String response = response(carol, SoftwareAuthenticator.create());
        assertEquals(201, register(carol, response).status());

        assertError(register(carol, response), 400, "PASSKEY_CHALLENGE_INVALID");
        assertEquals(1, passkeysOf(carol).size());
    }

    @Test
    void aResponseMadeOnAnotherOriginIsRefusedAndUsesItsChallengeUp() {
        SoftwareAuthenticator authenticator = SoftwareAuthenticator.create();
        Ceremony ceremony = ceremony(carol);

        assertError(register(carol, authenticator.register(ceremony.withOrigin("https://evil.example.test"))), 400,
                "PASSKEY_ORIGIN_REFUSED");
        assertError(register(carol, authenticator.register(ceremony)), 400, "PASSKEY_CHALLENGE_INVALID");
        assertEquals(List.of(), passkeysOf(carol));
    }

    @Test
    void aResponseWithoutUserVerificationIsRefused() {
        Ceremony unverified = ceremony(carol).withFlags(SoftwareAuthenticator.FLAG_UP);

        assertError(register(carol, SoftwareAuthenticator.create().register(unverified)), 400,
                "PASSKEY_VERIFICATION_FAILED");
        assertEquals(List.of(), passkeysOf(carol));
    }

    @Test
    void anotherUsersChallengeIsNotTheCallers() {
        TestUser dave = TestUser.create(http);
        String forDave = response(dave, SoftwareAuthenticator.create());

        assertError(register(carol, forDave), 400, "PASSKEY_CHALLENGE_INVALID");
        assertEquals(201, register(dave, forDave).status(), "dave's challenge is still his");
    }

    @Test
    void aPasskeyRegisteredAlreadyIsRefusedForAnyone() {
        SoftwareAuthenticator authenticator = SoftwareAuthenticator.create();
        assertEquals(201, register(carol, response(carol, authenticator)).status());
        TestUser dave = TestUser.create(http);

        assertError(register(carol, response(carol, authenticator)), 409, "PASSKEY_ALREADY_REGISTERED");
        assertError(register(dave, response(dave, authenticator)), 409, "PASSKEY_ALREADY_REGISTERED");
        assertEquals(1, passkeysOf(carol).size());
        assertEquals(List.of(), passkeysOf(dave));
    }

    @Test
    void aUserHoldsAtMostTenPasskeys() {
        for (int i = 0; i < 10; i++) {
            assertEquals(201, register(carol, response(carol, SoftwareAuthenticator.create())).status());
        }

        assertError(http.post(OPTIONS, "", "Authorization", carol.bearer()), 409, "TOO_MANY_PASSKEYS");
        assertEquals(10, passkeysOf(carol).size());
    }

    @ParameterizedTest
    @ValueSource(strings = {"not json", "[]", "null", "{}", "{\"response\": 1}", "{\"response\": {}}",
        "{\"id\": \"AAAA\", \"response\": {\"clientDataJSON\": \"e30\", \"attestationObject\": \"oA\"}}"})
    void somethingThatIsNoRegistrationIsBadInputAndStoresNothing(String body) {
        options(carol);

        assertError(register(carol, body), 400, "INVALID_INPUT");
        assertEquals(List.of(), passkeysOf(carol));
    }

    /** The last two hold bidi controls, as a JSON escape and as the character: an override, an isolate. */
    @ParameterizedTest
    @ValueSource(strings = {"\"\"", "\"  \"", "42", "[\"a\"]", "\"a\\nb\"", "\"\\u202Epot\"",
            "\"Work\u2067 laptop\""})
    void aBadNameIsBadInputAndUsesNoChallengeUp(String name) {
        String response = response(carol, SoftwareAuthenticator.create());

        assertError(register(carol, named(response, name)), 400, "INVALID_INPUT");
        assertEquals(201, register(carol, response).status(), "the challenge is still there");
    }

    /** A joiner is no bidi control: it holds an emoji together. */
    @Test
    void aNameWithAnEmojiIsKeptAsWritten() {
        String name = "\uD83D\uDC69\u200D\uD83D\uDCBB Work";

        Http.Answer created = register(carol, named(response(carol, SoftwareAuthenticator.create()),
                "\"" + name + "\""));

        assertEquals(201, created.status(), created.toString());
        assertEquals(name, created.data().get("name"));
    }

    /** Of WebAuthn's transports; a client ignores any other, so the service keeps none. */
    @Test
    void unknownTransportsAreLeftOut() {
        Http.Answer created = register(carol, withTransports(response(carol, SoftwareAuthenticator.create()),
                "[\"usb\", \"carrier-pigeon\", \"internal\"]"));

        assertEquals(201, created.status(), created.toString());
        assertEquals(List.of("internal", "usb"), created.data().get("transports"));
    }

    @ParameterizedTest
    @ValueSource(ints = {17, 1_500})
    void aLongListOfTransportsIsBadInputAndStoresNothing(int count) {
        String response = response(carol, SoftwareAuthenticator.create());
        String transports = IntStream.range(0, count).mapToObj(i -> "\"t" + i + "\"")
                .collect(Collectors.joining(",", "[", "]"));

        assertError(register(carol, withTransports(response, transports)), 400, "INVALID_INPUT");
        assertEquals(List.of(), passkeysOf(carol));
    }

    @Test
    void aTransportOfTenThousandCharactersIsBadInputAndStoresNothing() {
        String response = response(carol, SoftwareAuthenticator.create());

        assertError(register(carol, withTransports(response, "[\"" + "u".repeat(10_000) + "\"]")), 400,
                "INVALID_INPUT");
        assertEquals(List.of(), passkeysOf(carol));
    }

    /** toJSON() writes the credential id twice, as id and as rawId: two ids are no browser's. */
    @Test
    void aResponseWhoseIdIsNotItsRawIdIsBadInputAndUsesNoChallengeUp() {
        SoftwareAuthenticator authenticator = SoftwareAuthenticator.create();
        String response = response(carol, authenticator);
        String otherId = SoftwareAuthenticator.create().credentialId().base64Url();

        assertError(register(carol, response.replace("\"id\":\"" + authenticator.credentialId().base64Url(),
                "\"id\":\"" + otherId)), 400, "INVALID_INPUT");
        assertEquals(List.of(), passkeysOf(carol));
        assertEquals(201, register(carol, response).status(), "the challenge is still there");
    }

    @Test
    void aNameOfSixtyFiveCharactersIsTooLong() {
        assertError(register(carol, named(response(carol, SoftwareAuthenticator.create()),
                "\"" + "x".repeat(65) + "\"")), 400, "INVALID_INPUT");
    }

    @Test
    void aBodyOver16KiBIsTooLargeAndUsesNoChallengeUp() {
        String response = response(carol, SoftwareAuthenticator.create());

        assertError(register(carol, named(response, "\"" + "n".repeat(17 * 1024) + "\"")), 413,
                "PAYLOAD_TOO_LARGE");
        assertEquals(201, register(carol, response).status(), "the challenge is still there");
    }

    @Test
    void aBodyThatIsNotJsonIsUnsupportedAndUsesNoChallengeUp() {
        String response = response(carol, SoftwareAuthenticator.create());

        assertError(http.post(PATH, response, "Content-Type", "text/plain", "Authorization", carol.bearer()), 415,
                "UNSUPPORTED_MEDIA_TYPE");
        assertEquals(201, register(carol, response).status(), "the challenge is still there");
    }

    @Test
    void anotherUsersPasskeyIsNotFoundAndStays() {
        SoftwareAuthenticator authenticator = SoftwareAuthenticator.create();
        assertEquals(201, register(carol, response(carol, authenticator)).status());
        TestUser dave = TestUser.create(http);

        assertError(http.delete(PATH + "/" + authenticator.credentialId().base64Url(), "Authorization",
                dave.bearer()), 404, "PASSKEY_NOT_FOUND");
        assertError(http.delete(PATH + "/not-an-id!", "Authorization", dave.bearer()), 404, "PASSKEY_NOT_FOUND");
        assertEquals(1, passkeysOf(carol).size());
    }

    @Test
    void everyPathNeedsAToken() {
        for (Http.Answer answer : List.of(http.post(OPTIONS, ""), http.postJson(PATH, "{}"), http.get(PATH),
                http.delete(PATH + "/AAAAAAAAAAAAAAAAAAAAAA"))) {
            assertError(answer, 401, "UNAUTHORIZED");
            assertEquals("Bearer", answer.header("WWW-Authenticate").orElseThrow());
        }
    }
}
