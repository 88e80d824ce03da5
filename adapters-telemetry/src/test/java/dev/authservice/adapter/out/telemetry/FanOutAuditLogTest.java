package dev.authservice.adapter.out.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class FanOutAuditLogTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final SecurityEvent LOGIN =
            SecurityEvent.of(SecurityEventType.LOGIN_SUCCEEDED, NOW, RequesterMother.ANONYMOUS);
    private static final SecurityEvent REFRESH =
            SecurityEvent.of(SecurityEventType.TOKEN_REFRESHED, NOW, RequesterMother.ANONYMOUS);

    private final RecordingAuditLog counter = new RecordingAuditLog();
    private final RecordingAuditLog logLine = new RecordingAuditLog();
    private final RecordingAuditLog table = new RecordingAuditLog();

    @Test
    void everyEventIsCountedAndEveryEventWorthARecordIsRecordedEverywhere() {
        FanOutAuditLog audit = new FanOutAuditLog(List.of(counter), List.of(logLine, table), false);

        audit.record(LOGIN);
        audit.record(REFRESH);

        assertEquals(List.of(LOGIN, REFRESH), counter.events());
        assertEquals(List.of(LOGIN), logLine.events());
        assertEquals(List.of(LOGIN), table.events());
    }

    @Test
    void routineEventsAreRecordedToo_whenAskedFor() {
        FanOutAuditLog audit = new FanOutAuditLog(List.of(counter), List.of(table), true);

        audit.record(REFRESH);

        assertEquals(List.of(REFRESH), table.events());
    }
}
