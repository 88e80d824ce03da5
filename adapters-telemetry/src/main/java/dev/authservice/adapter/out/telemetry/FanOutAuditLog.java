package dev.authservice.adapter.out.telemetry;

import dev.authservice.application.port.out.AuditLog;
import dev.authservice.domain.audit.SecurityEvent;
import java.util.List;

/**
 * The one {@link AuditLog} the use cases see: every event goes to the counters; events worth a record each go to
 * the records too (the log line and the table). Routine events, the refreshes, are only counted unless
 * {@code keepRoutineEvents}: at thousands a second they would drown the trail and double the writes of a refresh.
 */
public final class FanOutAuditLog implements AuditLog {

    private final List<AuditLog> counters;
    private final List<AuditLog> records;
    private final boolean keepRoutineEvents;

    public FanOutAuditLog(List<AuditLog> counters, List<AuditLog> records, boolean keepRoutineEvents) {
        this.counters = List.copyOf(counters);
        this.records = List.copyOf(records);
        this.keepRoutineEvents = keepRoutineEvents;
    }

    @Override
    public void record(SecurityEvent event) {
        counters.forEach(counter -> counter.record(event));
        if (keepRoutineEvents || !event.type().isRoutine()) {
            records.forEach(record -> record.record(event));
        }
    }
}
