package dev.authservice.adapter.out.telemetry.audit;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class FanOutAuditLogTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final SecurityEvent LOGIN =
            SecurityEvent.of(SecurityEventType.LOGIN_SUCCEEDED, NOW, RequesterMother.ANONYMOUS);
    private static final SecurityEvent REFRESH =
            SecurityEvent.of(SecurityEventType.TOKEN_REFRESHED, NOW, RequesterMother.ANONYMOUS);

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final SecurityMetrics metrics = new SecurityMetrics(registry);
    private final RecordingAuditLog logLine = new RecordingAuditLog();
    private final RecordingAuditLog table = new RecordingAuditLog();

    @Test
    void everyEventIsCountedAndEveryEventWorthARecordIsRecordedEverywhere() {
        FanOutAuditLog audit = new FanOutAuditLog(metrics, List.of(logLine, table), false);

        audit.record(LOGIN);
        audit.record(REFRESH);

        assertEquals(1, registry.get(SecurityMetrics.LOGINS).tag("outcome", "succeeded").counter().count());
        assertEquals(1, registry.get(SecurityMetrics.REFRESHES).tag("outcome", "rotated").counter().count());
        assertEquals(List.of(LOGIN), logLine.events());
        assertEquals(List.of(LOGIN), table.events());
    }

    @Test
    void routineEventsAreRecordedTooWhenAskedFor() {
        FanOutAuditLog audit = new FanOutAuditLog(metrics, List.of(table), true);

        audit.record(REFRESH);

        assertEquals(List.of(REFRESH), table.events());
    }

    @Test
    void aFailingRecordIsCountedAndTheOthersStillGetTheEvent() {
        AuditLog broken = event -> {
            throw new IllegalStateException("database gone");
        };
        FanOutAuditLog audit = new FanOutAuditLog(metrics, List.of(broken, table), false);

        assertDoesNotThrow(() -> audit.record(LOGIN));

        assertEquals(List.of(LOGIN), table.events());
        assertEquals(1, registry.get(SecurityMetrics.AUDIT_FAILURES).counter().count());
        assertEquals(1, registry.get(SecurityMetrics.LOGINS).tag("outcome", "succeeded").counter().count());
    }
}
