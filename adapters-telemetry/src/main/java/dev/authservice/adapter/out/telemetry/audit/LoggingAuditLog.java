package dev.authservice.adapter.out.telemetry.audit;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.spi.LoggingEventBuilder;

/**
 * The audit log as one line per event on the {@value #LOGGER} logger, its fields as key-value pairs, so that a JSON
 * encoder (logback's, in bootstrap's logback.xml) writes them as fields a log pipeline can index. Only what the event
 * holds is written: the event never holds a password, token, hash or secret.
 */
public final class LoggingAuditLog implements AuditLog {

    public static final String LOGGER = "audit";

    private final Logger log = LoggerFactory.getLogger(LOGGER);

    @Override
    public void record(SecurityEvent event) {
        LoggingEventBuilder line = log.atInfo()
                .addKeyValue("type", event.type().name())
                .addKeyValue("time", event.occurredAt().toString());
        event.userId().map(UserId::toString).ifPresent(user -> line.addKeyValue("userId", user));
        event.sessionId().map(SessionId::toString).ifPresent(session -> line.addKeyValue("sessionId", session));
        event.requester().userId().map(UserId::toString).ifPresent(actor -> line.addKeyValue("actorId", actor));
        addIfPresent(line, "clientAddress", event.requester().clientAddress());
        addIfPresent(line, "userAgent", event.requester().userAgent());
        event.outcome().ifPresent(outcome -> line.addKeyValue("outcome", outcome.name()));
        event.sessionsEnded().ifPresent(ended -> line.addKeyValue("sessionsEnded", ended.count()));
        line.log(event.type().name());
    }

    private static void addIfPresent(LoggingEventBuilder line, String key, Object value) {
        if (value != null) {
            line.addKeyValue(key, value.toString());
        }
    }
}
