package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.ISO_UTC;
import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSAlgorithm;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The rows of the contract (../shared/CONTRACT.md), over real HTTP against the whole service on an in-memory H2. */
@MicronautTest
class ContractHttpTest {

    @Inject
    EmbeddedServer server;

    Http http;

    @BeforeEach
    void client() {
        http = new Http(server.getURI());
    }

    private String accessTokenOf(String username) {
        return http.logIn(username, username + "-password").accessToken();
    }

    private static String bearer(String token) {
        return "Bearer " + token;
    }

    private static <T> T join(Future<T> future) {
        try {
            return future.get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Nested
    class LogIn {

        @Test
        void rightCredentialsGiveAnAccessTokenAndARefreshCookie() {
            Http.Answer answer = http.logIn("alice", "alice-password");

            assertEquals(200, answer.status(), answer.toString());
            assertFalse(((String) answer.json().get("message")).isBlank());
            assertEquals(3, answer.accessToken().split("\\.").length);
            assertEquals("no-store", answer.header("Cache-Control").orElseThrow());
            String cookie = answer.setCookies().get(0);
            assertAll(cookie,
                    () -> assertTrue(cookie.matches("refreshToken=[A-Za-z0-9_-]{43,};.*")),
                    () -> assertTrue(cookie.contains("HttpOnly")),
                    () -> assertTrue(cookie.contains("Secure")),
                    () -> assertTrue(cookie.contains("SameSite=Strict")),
                    () -> assertTrue(cookie.contains("Path=/api/refresh")),
                    () -> assertTrue(cookie.contains("Max-Age=2592000")));
        }

        @Test
        void theAccessTokenCarriesTheContractsClaimsAndNothingSecret() throws Exception {
            String token = accessTokenOf("bob");
            String header = Tokens.header(token);
            String payload = Tokens.payload(token);
            assertAll(header + " " + payload,
                    () -> assertTrue(header.contains("\"alg\":\"HS256\"")),
                    () -> assertTrue(header.contains("\"typ\":\"JWT\"")),
                    () -> assertTrue(header.contains("\"kid\":")),
                    () -> assertTrue(payload.contains("\"iss\":\"auth-service\"")),
                    () -> assertTrue(payload.contains("\"sub\":\"bob\"")),
                    () -> assertTrue(payload.contains("\"nickname\":\"Bob\"")),
                    () -> assertTrue(payload.contains("\"department\":\"Engineering\"")),
                    () -> assertTrue(payload.matches(".*\"roles\":\\[\"(ADMIN\",\"USER|USER\",\"ADMIN)\"].*")),
                    () -> assertTrue(payload.contains("\"userId\":")),
                    () -> assertTrue(payload.contains("\"sessionId\":")),
                    () -> assertTrue(payload.contains("\"jti\":")),
                    () -> assertFalse(payload.toLowerCase().contains("password")),
                    () -> assertFalse(payload.contains("argon2")));
            Map<String, Object> claims = io.micronaut.json.JsonMapper.createDefault()
                    .readValue(payload, Map.class);
            long exp = ((Number) claims.get("exp")).longValue();
            long iat = ((Number) claims.get("iat")).longValue();
            assertEquals(15 * 60, exp - iat);
        }

        @Test
        void eachTokenHasItsOwnJti() {
            assertNotEquals(Tokens.payload(accessTokenOf("bob")), Tokens.payload(accessTokenOf("bob")));
        }

        @Test
        void wrongPasswordAndUnknownUserGetTheSameAnswerAndNoCookie() {
            Http.Answer wrongPassword = http.logIn("bob", "not-bobs-password");
            Http.Answer unknownUser = http.logIn("nobody-at-all", "bob-password");

            assertError(wrongPassword, 401, "INVALID_CREDENTIALS");
            assertError(unknownUser, 401, "INVALID_CREDENTIALS");
            assertEquals(wrongPassword.errorMessage(), unknownUser.errorMessage());
            assertTrue(wrongPassword.setCookies().isEmpty());
            assertTrue(unknownUser.setCookies().isEmpty());
        }

        @ParameterizedTest
        @ValueSource(strings = {
                "{\"username\": \"alice\"",
                "not json",
                "{}",
                "{\"username\": \"alice\"}",
                "{\"password\": \"alice-password\"}",
                "{\"username\": \"  \", \"password\": \"alice-password\"}",
                "{\"username\": \"alice\", \"password\": \"\"}",
                "{\"username\": 42, \"password\": \"alice-password\"}",
                "{\"username\": [\"alice\"], \"password\": \"alice-password\"}",
                "{\"username\": \"alice\", \"password\": {\"a\": 1}}",
                "[]",
                "null"})
        void badBodiesAreInvalidInput(String body) {
            assertError(http.postJson("/api/login", body), 400, "INVALID_INPUT");
        }

        @Test
        void anOverLongUsernameIsInvalidInput() {
            assertError(http.logIn("a".repeat(65), "alice-password"), 400, "INVALID_INPUT");
        }

        @Test
        void aBodyOver16KiBIsTooLarge() {
            assertError(http.logIn("alice", "x".repeat(17 * 1024)), 413, "PAYLOAD_TOO_LARGE");
        }

        @Test
        void anotherContentTypeIsUnsupported() {
            assertError(http.post("/api/login", "username=alice&password=alice-password",
                    "Content-Type", "application/x-www-form-urlencoded"), 415, "UNSUPPORTED_MEDIA_TYPE");
        }

        @Test
        void theServiceKeepsAnsweringAfterBadInput() {
            http.postJson("/api/login", "{\"username\":");
            assertEquals(200, http.logIn("alice", "alice-password").status());
        }
    }

    @Nested
    class Refresh {

        @Test
        void aRefreshRotatesTheTokenAndGivesANewAccessToken() {
            Http.Answer login = http.logIn("alice", "alice-password");
            Http.Answer refreshed = http.refresh(login.refreshToken());

            assertEquals(200, refreshed.status(), refreshed.toString());
            assertEquals(Map.of("accessToken", refreshed.accessToken()), refreshed.json());
            assertEquals("no-store", refreshed.header("Cache-Control").orElseThrow());
            assertNotEquals(login.refreshToken(), refreshed.refreshToken());
            String cookie = refreshed.setCookies().get(0);
            assertTrue(cookie.contains("HttpOnly") && cookie.contains("Secure") && cookie.contains("SameSite=Strict")
                    && cookie.contains("Path=/api/refresh") && cookie.contains("Max-Age=2592000"), cookie);
            assertEquals(200, http.get("/api/user/profile", "Authorization", bearer(refreshed.accessToken())).status());
        }

        @Test
        void reusingARotatedTokenRevokesTheWholeSession() {
            Http.Answer login = http.logIn("alice", "alice-password");
            String first = login.refreshToken();
            Http.Answer second = http.refresh(first);
            Http.Answer third = http.refresh(second.refreshToken());
            assertEquals(200, third.status());

            Http.Answer replay = http.refresh(first);

            assertError(replay, 401, "INVALID_REFRESH_TOKEN");
            assertError(http.refresh(third.refreshToken()), 401, "INVALID_REFRESH_TOKEN");
            assertError(http.get("/api/user/profile", "Authorization", bearer(third.accessToken())), 401,
                    "TOKEN_REVOKED");
            assertError(http.get("/api/user/profile", "Authorization", bearer(login.accessToken())), 401,
                    "TOKEN_REVOKED");
        }

        @Test
        void anotherSessionOfTheSameUserSurvivesReuseDetection() {
            Http.Answer victim = http.logIn("alice", "alice-password");
            Http.Answer other = http.logIn("alice", "alice-password");
            http.refresh(victim.refreshToken());
            http.refresh(victim.refreshToken());

            assertEquals(200, http.refresh(other.refreshToken()).status());
        }

        @ParameterizedTest
        @ValueSource(strings = {"", "garbage", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"})
        void unknownOrMalformedTokensAreRejectedAndTheCookieCleared(String token) {
            Http.Answer answer = http.refresh(token);

            assertError(answer, 401, "INVALID_REFRESH_TOKEN");
            String cookie = answer.setCookies().get(0);
            assertTrue(cookie.startsWith("refreshToken=;") && cookie.contains("Max-Age=0")
                    && cookie.contains("Path=/api/refresh"), cookie);
        }

        /** Browsers name the origin of a request: a page of another host, even of the same site, may not rotate. */
        @ParameterizedTest
        @ValueSource(strings = {"cross-site", "same-site"})
        void aRefreshFromAPageOfAnotherOriginIsForbiddenAndRotatesNothing(String fetchSite) {
            String token = http.logIn("alice", "alice-password").refreshToken();

            Http.Answer forbidden = http.post("/api/refresh", "", "Cookie", "refreshToken=" + token,
                    "Sec-Fetch-Site", fetchSite);

            assertError(forbidden, 403, "FORBIDDEN");
            assertTrue(forbidden.setCookies().isEmpty(), forbidden.setCookies().toString());
            assertEquals(200, http.post("/api/refresh", "", "Cookie", "refreshToken=" + token,
                    "Sec-Fetch-Site", "same-origin").status(), "the token was neither rotated nor revoked");
        }

        @Test
        void aMissingCookieIsRejected() {
            Http.Answer answer = http.post("/api/refresh", "");
            assertError(answer, 401, "INVALID_REFRESH_TOKEN");
            assertTrue(answer.setCookies().get(0).contains("Max-Age=0"));
        }

        @Test
        void twoConcurrentRefreshesWithOneTokenNeverBothSucceed() throws Exception {
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                for (int round = 0; round < 5; round++) {
                    String token = http.logIn("alice", "alice-password").refreshToken();
                    CyclicBarrier together = new CyclicBarrier(2);
                    Callable<Integer> refresh = () -> {
                        together.await();
                        return http.refresh(token).status();
                    };
                    List<Integer> statuses = List.of(pool.submit(refresh), pool.submit(refresh)).stream()
                            .map(ContractHttpTest::join).toList();
                    assertTrue(statuses.stream().filter(status -> status == 200).count() <= 1,
                            "both refreshes succeeded in round " + round);
                }
            } finally {
                pool.shutdownNow();
            }
        }

        @Test
        void aGarbageCookieChangesNothingForTheRealToken() {
            String token = http.logIn("alice", "alice-password").refreshToken();
            http.refresh("garbage");
            assertEquals(200, http.refresh(token).status());
        }
    }

    @Nested
    class LogOut {

        @Test
        void logOutEndsTheSessionAndClearsTheCookie() {
            Http.Answer login = http.logIn("alice", "alice-password");
            // Verified once, so remembered (VerifiedTokenCache): the deny-list must still refuse it after the log-out.
            assertEquals(200, http.get("/api/user/profile", "Authorization", bearer(login.accessToken())).status());

            Http.Answer answer = http.post("/api/logout", "", "Authorization", bearer(login.accessToken()));

            assertEquals(204, answer.status(), answer.toString());
            String cookie = answer.setCookies().get(0);
            assertTrue(cookie.startsWith("refreshToken=;") && cookie.contains("Max-Age=0")
                    && cookie.contains("Path=/api/refresh"), cookie);
            assertError(http.get("/api/user/profile", "Authorization", bearer(login.accessToken())), 401,
                    "TOKEN_REVOKED");
            assertError(http.refresh(login.refreshToken()), 401, "INVALID_REFRESH_TOKEN");
        }

        @Test
        void logOutNeedsAnAccessToken() {
            assertError(http.post("/api/logout", ""), 401, "UNAUTHORIZED");
        }
    }

    @Nested
    class BearerAuthentication {

        @Test
        void theProfileIsTheCallersOwn() {
            Http.Answer answer = http.get("/api/user/profile", "Authorization", bearer(accessTokenOf("alice")));

            assertEquals(200, answer.status(), answer.toString());
            assertEquals(true, answer.json().get("success"));
            assertNull(answer.json().get("error"));
            assertTrue(ISO_UTC.matcher((String) answer.json().get("timestamp")).matches());
            Map<String, Object> data = answer.data();
            assertEquals("alice", data.get("username"));
            assertEquals("Alice", data.get("nickname"));
            assertEquals("Sales", data.get("department"));
            assertEquals(List.of("USER"), data.get("roles"));
            assertTrue(((String) data.get("userId")).matches("[0-9a-f-]{36}"));
        }

        @Test
        void theSchemeNameIsCaseInsensitive() {
            assertEquals(200, http.get("/api/user/profile", "Authorization", "bEaReR " + accessTokenOf("alice"))
                    .status());
        }

        @Test
        void noTokenIsUnauthorizedWithABearerChallenge() {
            Http.Answer answer = http.get("/api/user/profile");
            assertError(answer, 401, "UNAUTHORIZED");
            assertEquals("Bearer", answer.header("WWW-Authenticate").orElseThrow());
        }

        @ParameterizedTest
        @ValueSource(strings = {"Bearer", "Bearer ", "Bearer    ", "Token abc", "",
                "Basic YWxpY2U6YWxpY2UtcGFzc3dvcmQ="})
        void aMalformedHeaderOrAnotherSchemeIsUnauthorizedWithABearerChallenge(String header) {
            Http.Answer answer = http.get("/api/user/orders", "Authorization", header);
            assertError(answer, 401, "UNAUTHORIZED");
            assertEquals("Bearer", answer.header("WWW-Authenticate").orElseThrow());
        }

        @Test
        void aRefreshTokenIsNotAnAccessToken() {
            String refreshToken = http.logIn("alice", "alice-password").refreshToken();
            assertInvalidToken(refreshToken);
        }

        @Test
        void aTamperedTokenIsInvalid() {
            String token = accessTokenOf("alice");
            String[] parts = token.split("\\.");
            String otherPayload = Tokens.payload(accessTokenOf("bob"));
            String forged = parts[0] + "." + java.util.Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(otherPayload.getBytes()) + "." + parts[2];
            assertInvalidToken(forged);
        }

        @ParameterizedTest
        @ValueSource(strings = {"none", "None", "NONE", "nOnE"})
        void algNoneIsInvalid(String alg) {
            assertInvalidToken(Tokens.unsigned(accessTokenOf("alice"), alg));
        }

        @Test
        void anotherAlgorithmIsInvalidEvenWithTheRightKey() {
            assertInvalidToken(Tokens.resign(accessTokenOf("alice"), JWSAlgorithm.HS512, claims -> claims));
        }

        @Test
        void aWrongIssuerIsInvalid() {
            assertInvalidToken(Tokens.resign(accessTokenOf("alice"), claims -> claims.issuer("someone-else")));
        }

        @Test
        void aTokenFromTheFutureIsInvalid() {
            assertInvalidToken(Tokens.resign(accessTokenOf("alice"),
                    claims -> claims.issueTime(Tokens.secondsFromNow(120))));
            assertInvalidToken(Tokens.resign(accessTokenOf("alice"),
                    claims -> claims.notBeforeTime(Tokens.secondsFromNow(120))));
        }

        @Test
        void aTokenWithoutExpiryIsInvalid() {
            assertInvalidToken(Tokens.resign(accessTokenOf("alice"), claims -> claims.expirationTime(null)));
        }

        @Test
        void anExpiredTokenIsTokenExpired() {
            Http.Answer answer = http.get("/api/user/orders", "Authorization", bearer(Tokens.resign(
                    accessTokenOf("alice"), claims -> claims.expirationTime(Tokens.secondsFromNow(-31)))));
            assertError(answer, 401, "TOKEN_EXPIRED");
            assertTrue(answer.header("WWW-Authenticate").orElseThrow().startsWith("Bearer error=\"invalid_token\""));
        }

        @Test
        void expiryWithinTheClockSkewIsStillAccepted() {
            assertEquals(200, http.get("/api/user/profile", "Authorization", bearer(Tokens.resign(
                    accessTokenOf("alice"), claims -> claims.expirationTime(Tokens.secondsFromNow(-10))))).status());
        }

        private void assertInvalidToken(String token) {
            Http.Answer answer = http.get("/api/user/profile", "Authorization", bearer(token));
            assertError(answer, 401, "INVALID_TOKEN");
            assertTrue(answer.header("WWW-Authenticate").orElseThrow().startsWith("Bearer error=\"invalid_token\""),
                    answer.header("WWW-Authenticate").orElseThrow());
        }
    }

    @Nested
    class Orders {

        @SuppressWarnings("unchecked")
        private List<Map<String, Object>> content(Http.Answer answer) {
            return (List<Map<String, Object>>) answer.data().get("content");
        }

        private Http.Answer orders(String user, String query) {
            return http.get("/api/user/orders" + query, "Authorization", bearer(accessTokenOf(user)));
        }

        @Test
        void theFirstPageIsTwentyOfTheCallersOrdersNewestFirst() {
            Http.Answer answer = orders("alice", "");

            assertEquals(200, answer.status(), answer.toString());
            Map<String, Object> page = answer.data();
            assertEquals(0, page.get("page"));
            assertEquals(20, page.get("size"));
            assertEquals(30, page.get("totalElements"));
            assertEquals(2, page.get("totalPages"));
            List<Map<String, Object>> content = content(answer);
            assertEquals(20, content.size());
            for (int i = 1; i < content.size(); i++) {
                assertTrue(((String) content.get(i - 1).get("createdAt"))
                        .compareTo((String) content.get(i).get("createdAt")) >= 0);
            }
            Map<String, Object> order = content.get(0);
            assertEquals(List.of("createdAt", "currency", "id", "note", "reference", "status", "totalAmount"),
                    order.keySet().stream().sorted().toList());
            assertTrue(((String) order.get("totalAmount")).matches("\\d+\\.\\d\\d"));
            assertEquals("EUR", order.get("currency"));
        }

        @Test
        void withoutATokenThereAreNoOrders() {
            assertError(http.get("/api/user/orders"), 401, "UNAUTHORIZED");
        }

        @Test
        void nobodySeesAnotherUsersOrders() {
            assertEquals(3, orders("bob", "").data().get("totalElements"));
        }

        @Test
        void pagingSortingAndFilteringFollowTheQuery() {
            List<Map<String, Object>> byAmount = content(orders("alice", "?sort=totalAmount,asc&size=100"));
            for (int i = 1; i < byAmount.size(); i++) {
                assertTrue(new java.math.BigDecimal((String) byAmount.get(i - 1).get("totalAmount"))
                        .compareTo(new java.math.BigDecimal((String) byAmount.get(i).get("totalAmount"))) <= 0);
            }
            Http.Answer paid = orders("alice", "?status=PAID&size=5&page=1");
            assertEquals(1, paid.data().get("page"));
            assertTrue(content(paid).stream().allMatch(order -> order.get("status").equals("PAID")));
            Http.Answer pastTheEnd = orders("alice", "?page=99");
            assertEquals(200, pastTheEnd.status());
            assertTrue(content(pastTheEnd).isEmpty());
            assertEquals(30, pastTheEnd.data().get("totalElements"));
        }

        @ParameterizedTest
        @ValueSource(strings = {"?page=-1", "?page=x", "?size=0", "?size=101", "?size=", "?sort=price,asc",
                "?sort=createdAt,up", "?sort=createdAt,desc,x", "?status=LOST", "?status=paid"})
        void badQueryParametersAreInvalidParameter(String query) {
            assertError(orders("alice", query), 400, "INVALID_PARAMETER");
        }
    }

    @Nested
    class Administration {

        @Test
        void anAdministratorListsTheUsers() {
            Http.Answer answer = http.get("/api/admin/users?sort=username,desc", "Authorization",
                    bearer(accessTokenOf("bob")));

            assertEquals(200, answer.status(), answer.toString());
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> users = (List<Map<String, Object>>) answer.data().get("content");
            assertEquals(List.of("bob", "alice"), users.stream().map(user -> user.get("username")).toList());
            assertEquals(List.of("createdAt", "roles", "userId", "username"),
                    users.get(0).keySet().stream().sorted().toList());
        }

        @Test
        void usersSortByCreationToo() {
            Http.Answer answer = http.get("/api/admin/users?sort=createdAt,asc&size=1", "Authorization",
                    bearer(accessTokenOf("bob")));
            assertEquals(200, answer.status(), answer.toString());
            assertEquals(2, answer.data().get("totalElements"));
            assertEquals(2, answer.data().get("totalPages"));
        }

        @ParameterizedTest
        @ValueSource(strings = {"?sort=password,asc", "?size=1000", "?page=-3"})
        void badQueryParametersAreInvalidParameter(String query) {
            assertError(http.get("/api/admin/users" + query, "Authorization", bearer(accessTokenOf("bob"))), 400,
                    "INVALID_PARAMETER");
        }

        @Test
        void aValidTokenWithoutTheRoleIsForbidden() {
            assertError(http.get("/api/admin/users", "Authorization", bearer(accessTokenOf("alice"))), 403,
                    "FORBIDDEN");
        }
    }

    @Nested
    class Framework {

        @Test
        void healthIsUpWithoutAToken() {
            Http.Answer answer = http.get("/health");
            assertEquals(200, answer.status());
            assertEquals("UP", answer.json().get("status"));
        }

        @Test
        void pingAnswersWithoutAToken() {
            Http.Answer answer = http.get("/api/ping");
            assertEquals(200, answer.status(), answer.toString());
            assertEquals("ok", answer.json().get("status"));
        }

        @Test
        void everyAnswerCarriesTheSecurityHeadersAndApiAnswersAreNeverCached() {
            for (Http.Answer answer : List.of(http.get("/health"), http.get("/api/nothing-here"),
                    http.get("/api/user/profile", "Authorization", bearer(accessTokenOf("alice"))),
                    http.logIn("alice", "wrong-password"))) {
                assertEquals("nosniff", answer.header("X-Content-Type-Options").orElse(null), answer.toString());
                assertEquals("no-referrer", answer.header("Referrer-Policy").orElse(null), answer.toString());
            }
            assertEquals("no-store", http.get("/api/user/orders", "Authorization", bearer(accessTokenOf("alice")))
                    .header("Cache-Control").orElse(null));
        }

        @Test
        void anUnknownPathIsNotFound() {
            assertError(http.get("/api/nothing-here"), 404, "NOT_FOUND");
        }

        @Test
        void aWrongMethodIsNotAllowed() {
            assertError(http.get("/api/login"), 405, "METHOD_NOT_ALLOWED");
        }
    }
}
