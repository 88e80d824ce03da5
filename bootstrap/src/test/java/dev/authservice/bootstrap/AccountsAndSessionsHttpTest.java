package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.ISO_UTC;
import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Accounts and sessions over real HTTP against the whole service on an in-memory H2. Every test that
 * changes a user's state works on users it creates itself through the admin API, so that the tests share one
 * context and still do not disturb each other, nor the demo users other test classes rely on. No test runs in a
 * transaction of its own: a user added through the store must be committed for the service to find it.
 */
@MicronautTest(transactional = false)
class AccountsAndSessionsHttpTest {

    private static final Pattern UUID_TEXT = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final JsonMapper JSON = JsonMapper.createDefault();
    /** The fields of one session in the list, no more. */
    private static final Set<String> SESSION_FIELDS =
            Set.of("sessionId", "createdAt", "lastUsedAt", "ipAddress", "userAgent", "current");
    /** Long enough for the default policy (15), common in no list, and containing none of the generated usernames. */
    private static final String GOOD_PASSWORD = "violet lamps over a quiet harbor";
    private static final String OTHER_GOOD_PASSWORD = "a brand new passphrase for me";

    @Inject
    EmbeddedServer server;

    @Inject
    UserStore users;

    @Inject
    PasswordHasher hasher;

    Http http;
    String admin;

    @BeforeEach
    void client() {
        http = new Http(server.getURI());
        admin = http.logIn("bob", "bob-password").accessToken();
    }

    // ---------------------------------------------------------------------------------------------- helpers

    private static String bearer(String token) {
        return "Bearer " + token;
    }

    private static String uniqueUsername() {
        return "user-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, Object> newUserBody(String username, String password) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("username", username);
        body.put("password", password);
        body.put("roles", List.of("USER"));
        body.put("nickname", "Nick");
        body.put("department", "Testing");
        return body;
    }

    private Http.Answer create(Map<String, Object> body) {
        return http.postJson("/api/admin/users", json(body), "Authorization", bearer(admin));
    }

    /** A new USER with {@link #GOOD_PASSWORD}; returns their id. */
    private String createUser(String username) {
        Http.Answer created = create(newUserBody(username, GOOD_PASSWORD));
        assertEquals(201, created.status(), created.toString());
        return (String) created.data().get("userId");
    }

    /** One login, as a client would keep it. */
    private record Login(String accessToken, String refreshToken) {

        String sessionId() {
            return (String) claims(accessToken).get("sessionId");
        }
    }

    private Login logIn(String username, String password, String userAgent) {
        Http.Answer answer = http.postJson("/api/login",
                json(Map.of("username", username, "password", password)), "User-Agent", userAgent);
        assertEquals(200, answer.status(), answer.toString());
        return new Login(answer.accessToken(), answer.refreshToken());
    }

    private Login logIn(String username) {
        return logIn(username, GOOD_PASSWORD, "test-agent");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> claims(String jwt) {
        try {
            return JSON.readValue(Tokens.payload(jwt), Map.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Http.Answer profile(String accessToken) {
        return http.get("/api/user/profile", "Authorization", bearer(accessToken));
    }

    private Http.Answer sessions(String accessToken, String query) {
        return http.get("/api/user/sessions" + query, "Authorization", bearer(accessToken));
    }

    private Http.Answer changePassword(String accessToken, String currentPassword, String newPassword) {
        return http.putJson("/api/user/password",
                json(Map.of("currentPassword", currentPassword, "newPassword", newPassword)),
                "Authorization", bearer(accessToken));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> content(Http.Answer page) {
        return (List<Map<String, Object>>) page.data().get("content");
    }

    private static void assertNoContent(Http.Answer answer) {
        assertEquals(204, answer.status(), answer.toString());
        assertTrue(answer.body().isEmpty(), answer.toString());
    }

    /** The session's refresh token is refused and its access token is rejected as revoked. */
    private void assertSessionEnded(Login login) {
        assertError(http.refresh(login.refreshToken()), 401, "INVALID_REFRESH_TOKEN");
        assertError(profile(login.accessToken()), 401, "TOKEN_REVOKED");
    }

    // ---------------------------------------------------------------------------------------------- tests

    @Nested
    class CreateUser {

        @Test
        void anAdministratorCreatesAUserWhoCanThenLogIn() {
            String username = uniqueUsername();
            Map<String, Object> body = newUserBody(username, GOOD_PASSWORD);
            body.put("roles", List.of("USER", "ADMIN"));

            Http.Answer created = create(body);

            assertEquals(201, created.status(), created.toString());
            assertEquals(true, created.json().get("success"));
            assertNull(created.json().get("error"));
            Map<String, Object> user = created.data();
            String userId = (String) user.get("userId");
            Map<String, Object> expected = new HashMap<>(Map.of("userId", userId, "username", username,
                    "roles", List.of("ADMIN", "USER"), "createdAt", user.get("createdAt"), "emailVerified", false));
            expected.put("email", null);
            assertAll(created.toString(),
                    () -> assertTrue(UUID_TEXT.matcher(userId).matches()),
                    () -> assertEquals(username, user.get("username")),
                    () -> assertEquals(List.of("ADMIN", "USER"), user.get("roles")),
                    () -> assertTrue(ISO_UTC.matcher((String) user.get("createdAt")).matches()),
                    () -> assertEquals(expected, user),
                    () -> assertEquals("/api/admin/users/" + userId, created.header("Location").orElseThrow()));

            Login login = logIn(username);
            Map<String, Object> profile = profile(login.accessToken()).data();
            assertEquals(userId, profile.get("userId"));
            assertEquals("Nick", profile.get("nickname"));
            assertEquals("Testing", profile.get("department"));
        }

        @Test
        void theNewUserIsInTheAdministratorsList() {
            String username = uniqueUsername();
            String userId = createUser(username);

            Http.Answer list = http.get("/api/admin/users?size=100&sort=createdAt,desc",
                    "Authorization", bearer(admin));

            assertTrue(content(list).stream().anyMatch(user -> userId.equals(user.get("userId"))
                    && username.equals(user.get("username"))), list.toString());
        }

        @Test
        void aTakenUsernameIs409AndChangesNothing() {
            assertError(create(newUserBody("alice", GOOD_PASSWORD)), 409, "USERNAME_TAKEN");
            assertEquals(200, http.logIn("alice", "alice-password").status(), "alice keeps her password");

            String username = uniqueUsername();
            createUser(username);
            assertError(create(newUserBody(username, OTHER_GOOD_PASSWORD)), 409, "USERNAME_TAKEN");
            assertEquals(401, http.logIn(username, OTHER_GOOD_PASSWORD).status());
        }

        @ParameterizedTest
        @ValueSource(strings = {"Alice", "ALICE", "\uFF21\uFF2C\uFF29\uFF23\uFF25"}) // the last in fullwidth letters
        void aNameAPersonReadsAsATakenOneIsTaken(String variant) {
            assertError(create(newUserBody(variant, GOOD_PASSWORD)), 409, "USERNAME_TAKEN");
            assertEquals(200, http.logIn("alice", "alice-password").status(), "alice keeps her password");
        }

        /** Unicode TS #39 look-alikes of alice in one script, of letters a new name may hold: a dotless i, an iota. */
        @ParameterizedTest
        @ValueSource(strings = {"al\u0131ce", "al\u0269ce"})
        void aNameThatLooksLikeATakenOneIsTakenAndDoesNotLogInAsIt(String lookAlike) {
            assertError(create(newUserBody(lookAlike, GOOD_PASSWORD)), 409, "USERNAME_TAKEN");
            assertEquals(401, http.logIn(lookAlike, "alice-password").status(), "a look-alike is not alice's name");
            assertEquals(200, http.logIn("alice", "alice-password").status(), "alice keeps her password");
        }

        @ParameterizedTest
        @ValueSource(strings = {"alice ", "ali ce", "ali\u200Bce", "\u202Ealice", "\u0430lice", "bob\uFE0F",
                "b\u034Fob", "bob\uDB40\uDD00"})
        void aNameWithSpacesInvisibleCharactersOrMixedScriptsIs400AndChangesNothing(String name) {
            int users = userCount();

            assertError(create(newUserBody(name, GOOD_PASSWORD)), 400, "INVALID_INPUT");
            assertEquals(users, userCount());
        }

        /**
         * Outside Unicode TS #39's General Security Profile: İ, whose lower case is i with a second dot above; a
         * small capital B, a turned i, a Latin alpha and a dental click, which Unicode restricts in identifiers; a
         * dotless i with a dot above.
         */
        @ParameterizedTest
        @ValueSource(strings = {"AL\u0130CE", "\u0299ob", "al\u1D09ce", "\u0251lice", "a\u01C0ice",
                "al\u0131\u0307ce"})
        void aNameOutsideTheProfileForIdentifiersIs400AndChangesNothing(String name) {
            int users = userCount();

            assertError(create(newUserBody(name, GOOD_PASSWORD)), 400, "INVALID_INPUT");
            assertEquals(users, userCount());
            assertEquals(200, http.logIn("alice", "alice-password").status(), "alice keeps her password");
        }

        @ParameterizedTest
        @ValueSource(strings = {"zo\u00EB", "m\u00FCller", "\u0142ukasz", "\u00DFtra\u00DFe"})
        void aNameOfLettersInTheProfileIsCreated(String name) {
            String username = uniqueUsername() + "-" + name;
            createUser(username);

            assertEquals(username, profile(logIn(username).accessToken()).data().get("username"));
        }

        /** The profile judges new names only: a stored name outside it still logs in. */
        @Test
        void aStoredNameOutsideTheProfileStillLogsIn() {
            Username stored = new Username(uniqueUsername() + "-\u0299ob");
            users.add(new UserAccount(new UserId(UUID.randomUUID()), stored, hasher.hash(new Password(GOOD_PASSWORD)),
                    Set.of(Role.USER), "Nick", "Testing", Instant.now(), true));

            assertEquals(200, http.logIn(stored.value(), GOOD_PASSWORD).status());
            assertEquals(200, http.logIn(stored.value().toUpperCase(Locale.ROOT), GOOD_PASSWORD).status());
        }

        private int userCount() {
            Http.Answer list = http.get("/api/admin/users?size=1", "Authorization", bearer(admin));
            return ((Number) list.data().get("totalElements")).intValue();
        }

        @Test
        void aUserLogsInUnderTheirNameInAnyCase() {
            String username = uniqueUsername();
            createUser(username);

            assertEquals(200, http.logIn(username.toUpperCase(Locale.ROOT), GOOD_PASSWORD).status());
        }

        @Test
        void aTooShortPasswordIsWeakAndSaysWhy() {
            String username = uniqueUsername();

            Http.Answer answer = create(newUserBody(username, "fourteen-chars"));

            assertError(answer, 400, "WEAK_PASSWORD");
            assertTrue(answer.errorMessage().contains("at least 15 characters"), answer.toString());
            assertEquals(401, http.logIn(username, "fourteen-chars").status(), "nothing was stored");
            createUser(username); // the name is still free
        }

        @ParameterizedTest
        @ValueSource(strings = {"password12345678", "PassWord12345678", "Correct Horse Battery Staple"})
        void aCommonPasswordIsWeakWhateverItsCase(String common) {
            Http.Answer answer = create(newUserBody(uniqueUsername(), common));

            assertError(answer, 400, "WEAK_PASSWORD");
            assertTrue(answer.errorMessage().contains("common"), answer.toString());
        }

        @Test
        void aRepeatedWordIsWeak() {
            Http.Answer answer = create(newUserBody(uniqueUsername(), "passwordpassword"));

            assertError(answer, 400, "WEAK_PASSWORD");
            assertTrue(answer.errorMessage().contains("repeated"), answer.toString());
        }

        @Test
        void aPasswordContainingTheUsernameIsWeakWhateverItsCase() {
            String username = uniqueUsername();

            Http.Answer answer = create(newUserBody(username, "my name is " + username.toUpperCase() + "!"));

            assertError(answer, 400, "WEAK_PASSWORD");
            assertTrue(answer.errorMessage().contains("username"), answer.toString());
        }

        @ParameterizedTest
        @ValueSource(strings = {
                "not json",
                "[]",
                "\"text\"",
                "{}",
                "{\"username\":\"%s\",\"password\":\"violet lamps over a quiet harbor\",\"nickname\":\"N\",\"department\":\"D\"}",
                "{\"username\":\"%s\",\"password\":\"violet lamps over a quiet harbor\",\"roles\":null,\"nickname\":\"N\",\"department\":\"D\"}",
                "{\"username\":\"%s\",\"password\":\"violet lamps over a quiet harbor\",\"roles\":\"USER\",\"nickname\":\"N\",\"department\":\"D\"}",
                "{\"username\":\"%s\",\"password\":\"violet lamps over a quiet harbor\",\"roles\":[],\"nickname\":\"N\",\"department\":\"D\"}",
                "{\"username\":\"%s\",\"password\":\"violet lamps over a quiet harbor\",\"roles\":[\"user\"],\"nickname\":\"N\",\"department\":\"D\"}",
                "{\"username\":\"%s\",\"password\":\"violet lamps over a quiet harbor\",\"roles\":[\"USER\",1],\"nickname\":\"N\",\"department\":\"D\"}",
                "{\"username\":\"%s\",\"password\":\"violet lamps over a quiet harbor\",\"roles\":[\"\"],\"nickname\":\"N\",\"department\":\"D\"}",
                "{\"username\":42,\"password\":\"violet lamps over a quiet harbor\",\"roles\":[\"USER\"],\"nickname\":\"N\",\"department\":\"D\"}",
                "{\"username\":\"  \",\"password\":\"violet lamps over a quiet harbor\",\"roles\":[\"USER\"],\"nickname\":\"N\",\"department\":\"D\"}",
                "{\"username\":\"%s\",\"password\":true,\"roles\":[\"USER\"],\"nickname\":\"N\",\"department\":\"D\"}",
                "{\"username\":\"%s\",\"roles\":[\"USER\"],\"nickname\":\"N\",\"department\":\"D\"}",
                "{\"username\":\"%s\",\"password\":\"violet lamps over a quiet harbor\",\"roles\":[\"USER\"],\"department\":\"D\"}",
                "{\"username\":\"%s\",\"password\":\"violet lamps over a quiet harbor\",\"roles\":[\"USER\"],\"nickname\":\"N\",\"department\":\" \"}",
                "{\"username\":\"%s\",\"password\":\"violet lamps over a quiet harbor\",\"roles\":[\"USER\"],\"nickname\":{},\"department\":\"D\"}",
                "{\"username\":\"%s\",\"password\":\"violet lamps over a quiet harbor\",\"roles\":[\"USER\"],\"nickname\":\"N\\u0007\",\"department\":\"D\"}",
        })
        void aBodyThatIsNotANewUserIs400AndCreatesNobody(String template) {
            String username = uniqueUsername();

            Http.Answer answer = http.postJson("/api/admin/users", template.replace("%s", username),
                    "Authorization", bearer(admin));

            assertError(answer, 400, "INVALID_INPUT");
            createUser(username); // nothing was stored under that name
        }

        @Test
        void overLongFieldsAre400() {
            Map<String, Object> longUsername = newUserBody("u".repeat(65), GOOD_PASSWORD);
            Map<String, Object> longNickname = newUserBody(uniqueUsername(), GOOD_PASSWORD);
            longNickname.put("nickname", "n".repeat(101));
            Map<String, Object> longDepartment = newUserBody(uniqueUsername(), GOOD_PASSWORD);
            longDepartment.put("department", "d".repeat(101));
            Map<String, Object> longPassword = newUserBody(uniqueUsername(), "p".repeat(1025));

            for (Map<String, Object> body : List.of(longUsername, longNickname, longDepartment, longPassword)) {
                Http.Answer answer = create(body);
                assertError(answer, 400, "INVALID_INPUT");
            }
        }

        @Test
        void aValidTokenWithoutAdminIsForbiddenAndNoTokenIsUnauthorized() {
            String alice = http.logIn("alice", "alice-password").accessToken();
            String body = json(newUserBody(uniqueUsername(), GOOD_PASSWORD));

            assertError(http.postJson("/api/admin/users", body, "Authorization", bearer(alice)), 403, "FORBIDDEN");
            assertError(http.postJson("/api/admin/users", body), 401, "UNAUTHORIZED");
        }
    }

    @Nested
    class GetUser {

        @Test
        void anAdministratorReadsOneUserAsTheListShowsIt() {
            String username = uniqueUsername();
            Http.Answer created = create(newUserBody(username, GOOD_PASSWORD));
            String userId = (String) created.data().get("userId");

            Http.Answer answer = http.get("/api/admin/users/" + userId, "Authorization", bearer(admin));

            assertEquals(200, answer.status(), answer.toString());
            assertEquals(true, answer.json().get("success"));
            assertEquals(created.data(), answer.data());
        }

        @ParameterizedTest
        @ValueSource(strings = {"00000000-0000-0000-0000-000000000000", "not-a-uuid", "12345"})
        void anUnknownOrMalformedIdIs404(String userId) {
            assertError(http.get("/api/admin/users/" + userId, "Authorization", bearer(admin)), 404, "USER_NOT_FOUND");
        }

        @Test
        void onlyAnAdministratorMayLook() {
            String alice = http.logIn("alice", "alice-password").accessToken();
            String aliceId = (String) profile(alice).data().get("userId");

            assertError(http.get("/api/admin/users/" + aliceId, "Authorization", bearer(alice)), 403, "FORBIDDEN");
        }
    }

    @Nested
    class DisableAndEnable {

        @Test
        void aDisabledUserLosesEverySessionAndCannotLogInUntilEnabled() {
            String username = uniqueUsername();
            String userId = createUser(username);
            Login first = logIn(username);
            Login second = logIn(username);
            assertEquals(200, profile(first.accessToken()).status());

            assertNoContent(http.post("/api/admin/users/" + userId + "/disable", "", "Authorization", bearer(admin)));

            assertSessionEnded(first);
            assertSessionEnded(second);
            Http.Answer disabled = http.logIn(username, GOOD_PASSWORD);
            Http.Answer wrongPassword = http.logIn(uniqueUsername(), GOOD_PASSWORD);
            assertError(disabled, 401, "INVALID_CREDENTIALS");
            assertEquals(wrongPassword.errorMessage(), disabled.errorMessage(), "nothing tells a disabled user apart");
            assertTrue(disabled.setCookies().isEmpty());

            assertNoContent(http.post("/api/admin/users/" + userId + "/enable", "", "Authorization", bearer(admin)));

            Login again = logIn(username);
            assertEquals(200, profile(again.accessToken()).status());
            assertSessionEnded(first); // enabling does not bring the old sessions back
        }

        @Test
        void disablingTwiceAndEnablingAnEnabledUserAreNoErrors() {
            String userId = createUser(uniqueUsername());

            assertNoContent(http.post("/api/admin/users/" + userId + "/enable", "", "Authorization", bearer(admin)));
            assertNoContent(http.post("/api/admin/users/" + userId + "/disable", "", "Authorization", bearer(admin)));
            assertNoContent(http.post("/api/admin/users/" + userId + "/disable", "", "Authorization", bearer(admin)));
        }

        @ParameterizedTest
        @ValueSource(strings = {"disable", "enable"})
        void anUnknownOrMalformedIdIs404(String action) {
            for (String userId : List.of(UUID.randomUUID().toString(), "not-a-uuid")) {
                assertError(http.post("/api/admin/users/" + userId + "/" + action, "", "Authorization", bearer(admin)),
                        404, "USER_NOT_FOUND");
            }
        }

        @ParameterizedTest
        @ValueSource(strings = {"disable", "enable"})
        void onlyAnAdministratorMay(String action) {
            String username = uniqueUsername();
            String userId = createUser(username);
            Login user = logIn(username);

            assertError(http.post("/api/admin/users/" + userId + "/" + action, "", "Authorization",
                    bearer(user.accessToken())), 403, "FORBIDDEN");
            assertEquals(200, profile(user.accessToken()).status(), "nothing happened");
        }
    }

    @Nested
    class ChangePassword {

        @Test
        void theNewPasswordReplacesTheOldAndEveryOtherSessionEnds() {
            String username = uniqueUsername();
            createUser(username);
            Login current = logIn(username);
            Login other = logIn(username);

            assertNoContent(changePassword(current.accessToken(), GOOD_PASSWORD, OTHER_GOOD_PASSWORD));

            assertError(http.logIn(username, GOOD_PASSWORD), 401, "INVALID_CREDENTIALS");
            assertEquals(200, http.logIn(username, OTHER_GOOD_PASSWORD).status());
            assertEquals(200, profile(current.accessToken()).status(), "the session that changed it stays");
            assertEquals(200, http.refresh(current.refreshToken()).status(), "and can still refresh");
            assertSessionEnded(other);
        }

        @Test
        void aWrongCurrentPasswordIs401AndChangesNothing() {
            String username = uniqueUsername();
            createUser(username);
            Login login = logIn(username);

            assertError(changePassword(login.accessToken(), "not the current password", OTHER_GOOD_PASSWORD),
                    401, "INVALID_CREDENTIALS");

            assertEquals(200, http.logIn(username, GOOD_PASSWORD).status());
            assertEquals(401, http.logIn(username, OTHER_GOOD_PASSWORD).status());
            assertEquals(200, profile(login.accessToken()).status(), "the caller's session is untouched");
        }

        @Test
        void wrongCurrentPasswordsCountTowardTheLoginThrottle() {
            String username = uniqueUsername();
            createUser(username);
            Login login = logIn(username);
            for (int i = 0; i < 5; i++) {
                assertEquals(401, changePassword(login.accessToken(), "guess number " + i, OTHER_GOOD_PASSWORD)
                        .status());
            }

            Http.Answer throttled = changePassword(login.accessToken(), GOOD_PASSWORD, OTHER_GOOD_PASSWORD);

            assertError(throttled, 429, "TOO_MANY_ATTEMPTS");
            long retryAfter = Long.parseLong(throttled.header("Retry-After").orElseThrow());
            assertTrue(retryAfter > 0 && retryAfter <= 15 * 60, "Retry-After " + retryAfter);
            assertError(http.logIn(username, GOOD_PASSWORD), 429, "TOO_MANY_ATTEMPTS");
        }

        @Test
        void aWeakNewPasswordIs400AndSaysWhy() {
            String username = uniqueUsername();
            createUser(username);
            Login login = logIn(username);

            Http.Answer tooShort = changePassword(login.accessToken(), GOOD_PASSWORD, "short");
            Http.Answer withUsername = changePassword(login.accessToken(), GOOD_PASSWORD, "I am " + username + " ok");

            assertError(tooShort, 400, "WEAK_PASSWORD");
            assertTrue(tooShort.errorMessage().contains("at least 15 characters"), tooShort.toString());
            assertError(withUsername, 400, "WEAK_PASSWORD");
            assertTrue(withUsername.errorMessage().contains("username"), withUsername.toString());
            assertEquals(200, http.logIn(username, GOOD_PASSWORD).status(), "the password did not change");
        }

        @ParameterizedTest
        @ValueSource(strings = {
                "not json",
                "[]",
                "{}",
                "{\"currentPassword\":\"violet lamps over a quiet harbor\"}",
                "{\"newPassword\":\"a brand new passphrase for me\"}",
                "{\"currentPassword\":\"violet lamps over a quiet harbor\",\"newPassword\":42}",
                "{\"currentPassword\":null,\"newPassword\":\"a brand new passphrase for me\"}",
                "{\"currentPassword\":\"violet lamps over a quiet harbor\",\"newPassword\":\"   \"}",
        })
        void aBodyThatIsNotAPasswordChangeIs400(String body) {
            String username = uniqueUsername();
            createUser(username);
            Login login = logIn(username);

            Http.Answer answer = http.putJson("/api/user/password", body, "Authorization", bearer(login.accessToken()));

            assertError(answer, 400, "INVALID_INPUT");
            assertEquals(200, http.logIn(username, GOOD_PASSWORD).status());
        }

        @Test
        void aBlankNewPasswordIsNamedInTheMessage() {
            String username = uniqueUsername();
            createUser(username);
            Login login = logIn(username);

            Http.Answer answer = http.putJson("/api/user/password",
                    "{\"currentPassword\":\"violet lamps over a quiet harbor\",\"newPassword\":\"\"}",
                    "Authorization", bearer(login.accessToken()));

            assertError(answer, 400, "INVALID_INPUT");
            assertTrue(answer.errorMessage().contains("newPassword"), answer.toString());
        }

        @Test
        void withoutATokenIs401() {
            assertError(http.putJson("/api/user/password",
                    json(Map.of("currentPassword", GOOD_PASSWORD, "newPassword", OTHER_GOOD_PASSWORD))),
                    401, "UNAUTHORIZED");
        }
    }

    @Nested
    class Sessions {

        @Test
        void theCallerSeesTheirActiveSessionsMostRecentlyUsedFirst() throws Exception {
            String username = uniqueUsername();
            String userId = createUser(username);
            Login first = logIn(username, GOOD_PASSWORD, "agent-first");
            Thread.sleep(20);
            Login second = logIn(username, GOOD_PASSWORD, "agent-second");
            Thread.sleep(20);
            Http.Answer refreshed = http.refresh(first.refreshToken()); // the first is now the most recently used
            assertEquals(200, refreshed.status(), refreshed.toString());
            String firstAccess = refreshed.accessToken();

            Http.Answer answer = sessions(firstAccess, "");

            assertEquals(200, answer.status(), answer.toString());
            assertEquals(true, answer.json().get("success"));
            assertEquals("no-store", answer.header("Cache-Control").orElse(null));
            assertEquals(2, ((Number) answer.data().get("totalElements")).intValue(), answer.toString());
            assertEquals(0, ((Number) answer.data().get("page")).intValue());
            assertEquals(20, ((Number) answer.data().get("size")).intValue());
            assertEquals(1, ((Number) answer.data().get("totalPages")).intValue());
            List<Map<String, Object>> content = content(answer);
            Map<String, Object> mine = content.get(0);
            Map<String, Object> theOther = content.get(1);
            assertAll(answer.toString(),
                    () -> assertEquals(first.sessionId(), mine.get("sessionId")),
                    () -> assertEquals(true, mine.get("current")),
                    () -> assertEquals("agent-first", mine.get("userAgent")),
                    () -> assertEquals(second.sessionId(), theOther.get("sessionId")),
                    () -> assertEquals(false, theOther.get("current")),
                    () -> assertEquals("agent-second", theOther.get("userAgent")),
                    () -> assertTrue(((String) mine.get("ipAddress")).matches("127\\.0\\.0\\.1|[0-9a-f:]+")),
                    () -> assertTrue(ISO_UTC.matcher((String) mine.get("createdAt")).matches()),
                    () -> assertTrue(ISO_UTC.matcher((String) mine.get("lastUsedAt")).matches()),
                    () -> assertNotEquals(mine.get("createdAt"), mine.get("lastUsedAt"), "refreshed after login"),
                    () -> assertEquals(SESSION_FIELDS, mine.keySet()));
            assertEquals(userId, profile(firstAccess).data().get("userId"));

            Http.Answer fromTheOther = sessions(second.accessToken(), "");
            assertEquals(List.of(false, true), content(fromTheOther).stream().map(s -> s.get("current")).toList(),
                    "current follows the token used");
        }

        @Test
        void theListIsPaged() {
            String username = uniqueUsername();
            createUser(username);
            Login first = logIn(username);
            logIn(username);
            logIn(username);

            Http.Answer page0 = sessions(first.accessToken(), "?page=0&size=2");
            Http.Answer page1 = sessions(first.accessToken(), "?page=1&size=2");
            Http.Answer pastTheEnd = sessions(first.accessToken(), "?page=5&size=2");

            assertEquals(2, content(page0).size(), page0.toString());
            assertEquals(1, content(page1).size(), page1.toString());
            assertEquals(3, ((Number) page1.data().get("totalElements")).intValue());
            assertEquals(2, ((Number) page1.data().get("totalPages")).intValue());
            assertEquals(200, pastTheEnd.status());
            assertTrue(content(pastTheEnd).isEmpty());
        }

        @ParameterizedTest
        @ValueSource(strings = {"?page=-1", "?page=x", "?size=0", "?size=101", "?sort=lastUsedAt,desc",
                "?sort=createdAt"})
        void aBadQueryParameterIs400(String query) {
            String alice = http.logIn("alice", "alice-password").accessToken();

            assertError(sessions(alice, query), 400, "INVALID_PARAMETER");
        }

        @Test
        void endingAnotherOfMySessionsRevokesItAtOnce() {
            String username = uniqueUsername();
            createUser(username);
            Login mine = logIn(username);
            Login theOther = logIn(username);

            assertNoContent(http.delete("/api/user/sessions/" + theOther.sessionId(),
                    "Authorization", bearer(mine.accessToken())));

            assertSessionEnded(theOther);
            assertEquals(200, profile(mine.accessToken()).status());
            assertEquals(List.of(mine.sessionId()),
                    content(sessions(mine.accessToken(), "")).stream().map(s -> s.get("sessionId")).toList());
            assertError(http.delete("/api/user/sessions/" + theOther.sessionId(),
                    "Authorization", bearer(mine.accessToken())), 404, "SESSION_NOT_FOUND");
        }

        @Test
        void endingTheCurrentSessionIsLikeLoggingOut() {
            String username = uniqueUsername();
            createUser(username);
            Login login = logIn(username);

            assertNoContent(http.delete("/api/user/sessions/" + login.sessionId(),
                    "Authorization", bearer(login.accessToken())));

            assertSessionEnded(login);
        }

        @Test
        void anotherUsersSessionAnUnknownOneAndAMalformedIdGetTheSameAnswer() {
            String victimName = uniqueUsername();
            createUser(victimName);
            Login victim = logIn(victimName);
            String attackerName = uniqueUsername();
            createUser(attackerName);
            Login attacker = logIn(attackerName);

            Http.Answer someoneElses = http.delete("/api/user/sessions/" + victim.sessionId(),
                    "Authorization", bearer(attacker.accessToken()));
            Http.Answer unknown = http.delete("/api/user/sessions/" + UUID.randomUUID(),
                    "Authorization", bearer(attacker.accessToken()));
            Http.Answer malformed = http.delete("/api/user/sessions/not-a-uuid",
                    "Authorization", bearer(attacker.accessToken()));

            assertError(someoneElses, 404, "SESSION_NOT_FOUND");
            assertError(unknown, 404, "SESSION_NOT_FOUND");
            assertError(malformed, 404, "SESSION_NOT_FOUND");
            assertEquals(someoneElses.errorMessage(), unknown.errorMessage());
            assertEquals(someoneElses.errorMessage(), malformed.errorMessage());
            assertEquals(200, profile(victim.accessToken()).status(), "the victim's session is untouched");
            assertEquals(200, http.refresh(victim.refreshToken()).status());
        }

        @Test
        void withoutATokenIs401() {
            assertError(http.get("/api/user/sessions"), 401, "UNAUTHORIZED");
            assertError(http.delete("/api/user/sessions/" + UUID.randomUUID()), 401, "UNAUTHORIZED");
        }
    }

    @Nested
    class RevokeAllSessions {

        @Test
        void anAdministratorEndsEverySessionOfAUserWhoMayLogInAgain() {
            String username = uniqueUsername();
            String userId = createUser(username);
            Login first = logIn(username);
            Login second = logIn(username);

            assertNoContent(http.delete("/api/admin/users/" + userId + "/sessions", "Authorization", bearer(admin)));

            assertSessionEnded(first);
            assertSessionEnded(second);
            Login again = logIn(username);
            assertEquals(200, profile(again.accessToken()).status(), "the account itself stays enabled");
        }

        @Test
        void aUserWithoutSessionsIsNoError() {
            String userId = createUser(uniqueUsername());

            assertNoContent(http.delete("/api/admin/users/" + userId + "/sessions", "Authorization", bearer(admin)));
        }

        @ParameterizedTest
        @ValueSource(strings = {"00000000-0000-0000-0000-000000000000", "not-a-uuid"})
        void anUnknownOrMalformedIdIs404(String userId) {
            assertError(http.delete("/api/admin/users/" + userId + "/sessions", "Authorization", bearer(admin)),
                    404, "USER_NOT_FOUND");
        }

        @Test
        void onlyAnAdministratorMay() {
            String username = uniqueUsername();
            String userId = createUser(username);
            Login user = logIn(username);

            assertError(http.delete("/api/admin/users/" + userId + "/sessions", "Authorization",
                    bearer(user.accessToken())), 403, "FORBIDDEN");
            assertEquals(200, profile(user.accessToken()).status(), "nothing happened");
        }
    }
}
