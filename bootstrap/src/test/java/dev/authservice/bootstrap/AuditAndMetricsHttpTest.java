package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.slf4j.LoggerFactory;

/**
 * The audit trail and the metrics over real HTTP: what a login, a refresh, a reuse and a logout leave in
 * {@code GET /api/admin/audit-events}, on the {@code audit} logger and in {@code /prometheus} on the management port.
 * Each test reads the counters before and after, and filters the trail by its own user agent, so that the tests of
 * this class can share one service.
 */
@MicronautTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AuditAndMetricsHttpTest implements TestPropertyProvider {

    private static final String WRONG_PASSWORD = "not-alices-password";
    private static final String GOOD_PASSWORD = "violet lamps over a quiet harbor";
    private static final String OTHER_GOOD_PASSWORD = "a brand new passphrase for me";

    private final int managementPort = freePort();

    @Inject
    EmbeddedServer server;

    private final ListAppender<ILoggingEvent> auditLines = new ListAppender<>();
    private final Logger auditLogger = (Logger) LoggerFactory.getLogger("audit");
    private Http http;
    private Http management;
    private String admin;
    /** /prometheus as it was before this class sent its first request. */
    private String metricsAtStart;

    @Override
    public Map<String, String> getProperties() {
        return Map.of("auth.management.port", String.valueOf(managementPort));
    }

    @BeforeAll
    void readTheMetricsBeforeAnyRequest() {
        metricsAtStart = new Http(URI.create("http://127.0.0.1:" + managementPort)).get("/prometheus").body();
    }

    @BeforeEach
    void clients() {
        http = new Http(server.getURI());
        management = new Http(URI.create("http://127.0.0.1:" + managementPort));
        admin = "Bearer " + http.logIn("bob", "bob-password").accessToken();
        auditLines.list.clear();
        auditLines.start();
        auditLogger.addAppender(auditLines);
    }

    @AfterEach
    void stopListening() {
        auditLogger.detachAppender(auditLines);
    }

    // ------------------------------------------------------------------------------------------- metrics

    @Test
    void loginsAreCountedByOutcomeAndHashingIsTimed() {
        double succeeded = metric("auth_logins_total", "outcome", "succeeded");
        double invalid = metric("auth_logins_total", "outcome", "invalid_credentials");
        double verified = metric("auth_password_hashing_seconds_count", "operation", "verify");

        http.logIn("alice", "alice-password");
        http.logIn("alice", WRONG_PASSWORD);

        assertEquals(succeeded + 1, metric("auth_logins_total", "outcome", "succeeded"));
        assertEquals(invalid + 1, metric("auth_logins_total", "outcome", "invalid_credentials"));
        assertEquals(verified + 2, metric("auth_password_hashing_seconds_count", "operation", "verify"));
    }

    @Test
    void refreshesReuseAndLogoutsAreCountedAndEndedSessionsByReason() {
        double rotated = metric("auth_refreshes_total", "outcome", "rotated");
        double reused = metric("auth_refreshes_total", "outcome", "reuse_detected");
        double revokedForReuse = metric("auth_sessions_revoked_total", "reason", "reuse_detected");
        double logouts = metric("auth_logouts_total", null, null);

        Http.Answer login = http.logIn("alice", "alice-password");
        http.refresh(login.refreshToken());
        http.refresh(login.refreshToken());
        http.post("/api/logout", "", "Authorization", "Bearer " + http.logIn("alice", "alice-password").accessToken());

        assertEquals(rotated + 1, metric("auth_refreshes_total", "outcome", "rotated"));
        assertEquals(reused + 1, metric("auth_refreshes_total", "outcome", "reuse_detected"));
        assertEquals(revokedForReuse + 1, metric("auth_sessions_revoked_total", "reason", "reuse_detected"));
        assertEquals(logouts + 1, metric("auth_logouts_total", null, null));
    }

    @Test
    void everySecurityCounterIsThereAtZeroFromTheStart() {
        for (String counter : List.of("auth_logins_total{outcome=\"succeeded\"} 0.0",
                "auth_logins_total{outcome=\"throttled\"} 0.0", "auth_refreshes_total{outcome=\"rotated\"} 0.0",
                "auth_refreshes_total{outcome=\"reuse_detected\"} 0.0", "auth_logouts_total 0.0",
                "auth_sessions_revoked_total{reason=\"user_disabled\"} 0.0", "auth_audit_failures_total 0.0")) {
            assertTrue(metricsAtStart.contains(counter), counter + " in\n" + metricsAtStart);
        }
    }

    @Test
    void theHttpServerIsTimedPerRoute() {
        http.get("/api/ping");

        assertTrue(metric("http_server_requests_seconds_count", "uri", "/api/ping") >= 1);
    }

    @Test
    void metricsLivenessAndReadinessAreOnTheManagementPortOnly() {
        assertEquals(200, management.get("/prometheus").status());
        assertEquals(Map.of("status", "UP"), management.get("/health/liveness").json());
        assertEquals(Map.of("status", "UP"), management.get("/health/readiness").json());

        assertEquals(404, http.get("/prometheus").status());
        assertEquals(404, http.get("/health/liveness").status());
        // The contract's health check stays where it was.
        Http.Answer health = http.get("/health");
        assertEquals(200, health.status());
        assertEquals(Map.of("status", "UP"), health.json());
    }

    // ------------------------------------------------------------------------------------------- audit trail

    @Test
    void aFailedLoginIsRecordedWithItsUserClientAndReason() {
        String agent = "audit-test/" + Instant.now().toEpochMilli();
        http.postJson("/api/login", "{\"username\":\"alice\",\"password\":\"" + WRONG_PASSWORD + "\"}",
                "User-Agent", agent);

        List<Map<String, Object>> events = events("type=LOGIN_FAILED");
        Map<String, Object> failed = events.stream().filter(event -> agent.equals(event.get("userAgent")))
                .findFirst().orElseThrow(() -> new AssertionError("not recorded: " + events));

        assertEquals(aliceId(), failed.get("userId"));
        assertEquals("127.0.0.1", failed.get("clientAddress"));
        assertEquals("WRONG_PASSWORD", failed.get("outcome"));
        assertEquals(null, failed.get("actorId"));
        assertEquals(null, failed.get("sessionId"));
    }

    @Test
    void aRoutineRefreshIsCountedButNotRecordedWhileReuseIsRecorded() {
        String agent = "audit-test/" + Instant.now().toEpochMilli();
        Http.Answer login = http.postJson("/api/login", "{\"username\":\"alice\",\"password\":\"alice-password\"}",
                "User-Agent", agent);
        String sessionId = (String) events("type=LOGIN_SUCCEEDED&userId=" + aliceId()).get(0).get("sessionId");

        http.post("/api/refresh", "", "Cookie", "refreshToken=" + login.refreshToken(), "User-Agent", agent);
        http.post("/api/refresh", "", "Cookie", "refreshToken=" + login.refreshToken(), "User-Agent", agent);

        assertEquals(List.of(), events("type=TOKEN_REFRESHED"));
        Map<String, Object> reuse = events("type=REFRESH_TOKEN_REUSED&userId=" + aliceId()).get(0);
        assertEquals(sessionId, reuse.get("sessionId"));
        assertEquals(agent, reuse.get("userAgent"));
    }

    @Test
    void anAdministratorsActionNamesTheAdministratorAsActor() {
        String carol = createUser();

        http.post("/api/admin/users/" + carol + "/disable", "", "Authorization", admin);

        Map<String, Object> disabled = events("type=USER_DISABLED&userId=" + carol).get(0);
        assertEquals(carol, disabled.get("userId"));
        assertEquals(bobId(), disabled.get("actorId"));
        assertEquals(List.of("USER_DISABLED", "USER_CREATED"),
                events("userId=" + carol).stream().map(event -> event.get("type")).toList());
    }

    @Test
    void aUsersOwnAndAnAdministratorsSessionEndingsAreRecordedWithTheirActorAndCount() {
        String carolId = createUser();
        String carol = (String) http.get("/api/admin/users/" + carolId, "Authorization", admin).data().get("username");
        String laptop = "Bearer " + logIn(carol, GOOD_PASSWORD).accessToken();
        logIn(carol, GOOD_PASSWORD);
        String phoneSession = otherSession(laptop);

        http.delete("/api/user/sessions/" + phoneSession, "Authorization", laptop);
        http.putJson("/api/user/password", "{\"currentPassword\":\"" + GOOD_PASSWORD + "\",\"newPassword\":\""
                + OTHER_GOOD_PASSWORD + "\"}", "Authorization", laptop);
        logIn(carol, OTHER_GOOD_PASSWORD);
        http.delete("/api/admin/users/" + carolId + "/sessions", "Authorization", admin);
        http.post("/api/logout", "", "Authorization", "Bearer " + logIn(carol, OTHER_GOOD_PASSWORD).accessToken());

        List<Map<String, Object>> events = events("userId=" + carolId);
        assertEquals(List.of("LOGGED_OUT", "LOGIN_SUCCEEDED", "SESSION_REVOKED", "LOGIN_SUCCEEDED", "PASSWORD_CHANGED",
                "SESSION_REVOKED", "LOGIN_SUCCEEDED", "LOGIN_SUCCEEDED", "USER_CREATED"),
                events.stream().map(event -> event.get("type")).toList());
        assertEvent(events.get(0), carolId, null, 1);
        assertEvent(events.get(2), bobId(), "ADMINISTRATOR", 2);
        assertEvent(events.get(4), carolId, null, 0);
        assertEvent(events.get(5), carolId, "SIGNED_OUT", 1);
        assertEquals(phoneSession, events.get(5).get("sessionId"));
    }

    @Test
    void theTrailIsNewestFirstAndFilteredByTimeWindow() {
        Instant before = Instant.now();
        http.logIn("alice", WRONG_PASSWORD);
        http.logIn("alice", "alice-password");
        Instant after = Instant.now().plusMillis(1);

        List<Map<String, Object>> window = events("userId=" + aliceId() + "&from=" + before + "&to=" + after);

        assertEquals(List.of("LOGIN_SUCCEEDED", "LOGIN_FAILED"), window.stream().map(e -> e.get("type")).toList());
        assertEquals(List.of(), events("userId=" + aliceId() + "&from=" + after.plusSeconds(3600)));
        // An offset other than Z is the same instant.
        assertEquals(window, events("userId=" + aliceId() + "&from="
                + encode(before.atOffset(java.time.ZoneOffset.ofHours(2)).toString()) + "&to=" + after));
    }

    @Test
    void badFiltersAre400AndNameTheParameter() {
        assertInvalid("type=NOT_A_TYPE", "type must be one of");
        assertInvalid("userId=not-a-uuid", "userId must be a user id");
        assertInvalid("from=yesterday", "from must be an ISO 8601");
        assertInvalid("from=%2B999999999-12-31T23:59:59Z", "from must be in the years 1 to 9999");
        assertInvalid("to=-999999999-01-01T00:00:00Z", "to must be in the years 1 to 9999");
        assertInvalid("to=0000-12-31T23:59:59Z", "to must be in the years 1 to 9999");
        assertInvalid("from=2025-03-01T10:00:00Z&to=2025-03-01T09:00:00Z", "from must be before to");
        assertInvalid("sort=occurredAt,asc", "sort is not supported");
        assertInvalid("size=0", "size");
    }

    @Test
    void onlyAnAdministratorReadsTheTrail() {
        String alice = "Bearer " + http.logIn("alice", "alice-password").accessToken();

        assertEquals(403, http.get("/api/admin/audit-events", "Authorization", alice).status());
        assertEquals(401, http.get("/api/admin/audit-events").status());
    }

    @Test
    void eachEventIsOneLineOnTheAuditLoggerWithoutSecrets() {
        Http.Answer login = http.logIn("alice", "alice-password");
        http.logIn("alice", WRONG_PASSWORD);

        List<String> lines = auditLines.list.stream().map(AuditAndMetricsHttpTest::keyValues).toList();
        assertTrue(lines.stream().anyMatch(line -> line.contains("type=LOGIN_SUCCEEDED")), lines.toString());
        assertTrue(lines.stream().anyMatch(line -> line.contains("outcome=WRONG_PASSWORD")), lines.toString());
        for (String line : lines) {
            for (String secret : List.of("alice-password", WRONG_PASSWORD, login.accessToken(), login.refreshToken())) {
                assertFalse(line.contains(secret), line);
            }
        }
    }

    // ------------------------------------------------------------------------------------------- helpers

    private List<Map<String, Object>> events(String query) {
        Http.Answer answer = http.get("/api/admin/audit-events?size=100&" + query, "Authorization", admin);
        assertEquals(200, answer.status(), answer.body());
        return answer.content();
    }

    private static void assertEvent(Map<String, Object> event, String actorId, String outcome, int sessionsEnded) {
        assertEquals(actorId, event.get("actorId"), event.toString());
        assertEquals(outcome, event.get("outcome"), event.toString());
        assertEquals(sessionsEnded, event.get("sessionsEnded"), event.toString());
    }

    private Http.Answer logIn(String username, String password) {
        Http.Answer login = http.logIn(username, password);
        assertEquals(200, login.status(), login.body());
        return login;
    }

    private String otherSession(String bearer) {
        List<Map<String, Object>> sessions = http.get("/api/user/sessions", "Authorization", bearer).content();
        return (String) sessions.stream().filter(session -> Boolean.FALSE.equals(session.get("current")))
                .findFirst().orElseThrow().get("sessionId");
    }

    private void assertInvalid(String query, String message) {
        Http.Answer answer = http.get("/api/admin/audit-events?" + query, "Authorization", admin);
        assertEquals(400, answer.status(), answer.body());
        assertEquals("INVALID_PARAMETER", answer.errorCode());
        assertTrue(answer.errorMessage().contains(message), answer.errorMessage());
    }

    private String aliceId() {
        return userId("alice");
    }

    private String bobId() {
        return userId("bob");
    }

    private String userId(String username) {
        List<Map<String, Object>> users = http.get("/api/admin/users?size=100", "Authorization", admin).content();
        return (String) users.stream().filter(user -> username.equals(user.get("username"))).findFirst()
                .orElseThrow().get("userId");
    }

    private String createUser() {
        String username = "carol" + System.nanoTime();
        Http.Answer created = http.postJson("/api/admin/users", "{\"username\":\"" + username + "\","
                + "\"password\":\"" + GOOD_PASSWORD + "\",\"roles\":[\"USER\"],\"nickname\":\"Carol\","
                + "\"department\":\"Support\"}", "Authorization", admin);
        assertEquals(201, created.status(), created.body());
        return (String) created.data().get("userId");
    }

    /** The value of the first sample of {@code name} with {@code label="value"}, 0 when there is none yet. */
    private double metric(String name, String label, String value) {
        String text = management.get("/prometheus").body();
        String labels = label == null ? "(\\{[^}]*\\})?"
                : "\\{[^}]*" + label + "=\"" + Pattern.quote(value) + "\"[^}]*\\}";
        Matcher sample = Pattern.compile("(?m)^" + name + labels + " (\\S+)$").matcher(text);
        return sample.find() ? Double.parseDouble(sample.group(sample.groupCount())) : 0;
    }

    private static String keyValues(ILoggingEvent line) {
        return line.getKeyValuePairs() == null ? line.getFormattedMessage()
                : line.getKeyValuePairs().stream().map(pair -> pair.key + "=" + pair.value).toList().toString();
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
