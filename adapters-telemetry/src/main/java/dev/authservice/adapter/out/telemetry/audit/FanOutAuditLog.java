package dev.authservice.adapter.out.telemetry.audit;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.domain.audit.SecurityEvent;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one {@link AuditLog} the use cases see: every event goes to the counters; events worth a record each go to the
 * records too (the log line and the table). Routine events, the refreshes, are only counted unless
 * {@code recordRoutineEvents}: at thousands a second they would drown the trail and double the writes of a refresh.
 * <p>
 * A record that fails is logged and counted, not thrown: the event has already happened (a session was rotated or
 * ended), and failing its answer would only make the client act on a wrong belief, such as presenting a refresh token
 * that was in fact used, which ends its session.
 */
public final class FanOutAuditLog implements AuditLog {

    private static final Logger LOG = LoggerFactory.getLogger(FanOutAuditLog.class);

    private final SecurityMetrics metrics;
    private final List<AuditLog> records;
    private final boolean recordRoutineEvents;

    public FanOutAuditLog(SecurityMetrics metrics, List<AuditLog> records, boolean recordRoutineEvents) {
        this.metrics = metrics;
        this.records = List.copyOf(records);
        this.recordRoutineEvents = recordRoutineEvents;
    }

    @Override
    public void record(SecurityEvent event) {
        metrics.record(event);
        if (!recordRoutineEvents && event.type().isRoutine()) {
            return;
        }
        for (AuditLog record : records) {
            try {
                record.record(event);
            } catch (RuntimeException e) {
                metrics.recordFailed();
                LOG.error("The audit record {} failed to keep a {} event", record.getClass().getSimpleName(),
                        event.type(), e);
            }
        }
    }
}
