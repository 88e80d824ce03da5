package dev.authservice.adapter.out.telemetry.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.SessionId;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class LoggingAuditLogTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final SessionId SESSION = new SessionId(UUID.fromString("5e55a1a0-0000-4000-8000-000000000001"));

    private final Logger logger = (Logger) LoggerFactory.getLogger(LoggingAuditLog.LOGGER);
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();

    @BeforeEach
    void listen() {
        lines.start();
        logger.addAppender(lines);
    }

    @AfterEach
    void stopListening() {
        logger.detachAppender(lines);
    }

    @Test
    void oneLineCarriesEveryFieldTheEventHas() {
        new LoggingAuditLog().record(SecurityEvent.of(SecurityEventType.LOGIN_FAILED, NOW, RequesterMother.ANONYMOUS)
                .about(UserAccountMother.ALICE_ID).inSession(SESSION).outcome(AuditOutcome.WRONG_PASSWORD));

        assertEquals(1, lines.list.size());
        assertEquals(Map.of("type", "LOGIN_FAILED", "time", "2025-03-01T10:00:00Z",
                "userId", UserAccountMother.ALICE_ID.toString(), "sessionId", SESSION.toString(),
                "clientAddress", RequesterMother.CLIENT_ADDRESS.value(), "userAgent", RequesterMother.USER_AGENT,
                "outcome", "WRONG_PASSWORD"), fields(lines.list.get(0)));
    }

    @Test
    void anAdministratorsActionNamesTheAdministratorAsActor() {
        new LoggingAuditLog().record(SecurityEvent.of(SecurityEventType.USER_DISABLED, NOW,
                RequesterMother.ADMINISTRATOR).about(UserAccountMother.ALICE_ID)
                .endingSessions(RevocationReason.USER_DISABLED, 2));

        Map<String, String> fields = fields(lines.list.get(0));
        assertEquals("2", fields.get("sessionsEnded"));
        assertEquals(UserAccountMother.ALICE_ID.toString(), fields.get("userId"));
        assertEquals(RequesterMother.ADMINISTRATOR.userId().orElseThrow().toString(), fields.get("actorId"));
    }

    @Test
    void whatTheEventDoesNotHoldIsLeftOut() {
        new LoggingAuditLog().record(SecurityEvent.of(SecurityEventType.USER_CREATED, NOW, Requester.SERVICE)
                .about(UserAccountMother.ALICE_ID));

        assertEquals(Map.of("type", "USER_CREATED", "time", "2025-03-01T10:00:00Z",
                "userId", UserAccountMother.ALICE_ID.toString()), fields(lines.list.get(0)));
    }

    @Test
    void logbacksJsonEncoderWritesTheFieldsAsJson() {
        new LoggingAuditLog().record(SecurityEvent.of(SecurityEventType.LOGIN_THROTTLED, NOW,
                Requester.anonymous(new ClientAddress("203.0.113.7"), "quote \" and \\ backslash")));
        JsonEncoder encoder = new JsonEncoder();
        encoder.setContext((LoggerContext) LoggerFactory.getILoggerFactory());
        encoder.start();

        String json = new String(encoder.encode(lines.list.get(0)), StandardCharsets.UTF_8);

        assertTrue(json.contains("\"loggerName\":\"audit\""), json);
        assertTrue(json.contains("{\"type\":\"LOGIN_THROTTLED\"}"), json);
        assertTrue(json.contains("quote \\\" and \\\\ backslash"), json);
        assertFalse(json.trim().contains("\n"), "one line per event: " + json);
    }

    private static Map<String, String> fields(ILoggingEvent line) {
        return line.getKeyValuePairs().stream().collect(Collectors.toMap(pair -> pair.key, pair -> String.valueOf(pair.value)));
    }
}
