package dev.authservice.bootstrap.audit;

import dev.authservice.adapter.out.telemetry.audit.FanOutAuditLog;
import dev.authservice.adapter.out.telemetry.audit.LoggingAuditLog;
import dev.authservice.adapter.out.telemetry.audit.SecurityMetrics;
import dev.authservice.application.audit.port.in.ListAuditEventsUseCase;
import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.audit.port.out.AuditLogReader;
import dev.authservice.application.audit.service.ListAuditEventsService;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Primary;
import io.micronaut.context.annotation.Property;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.util.List;

/**
 * The audit trail the use cases report to, and the use case that reads it back. Every event is counted (Micrometer),
 * and every event worth a record is written as a JSON line on the {@code audit} logger and as a row of
 * {@code audit_events}. Token refreshes (rotated or rejected) are only counted unless
 * {@code auth.audit.record-refreshes} is true.
 */
@Factory
class AuditFactory {

    /** Built with the context, so that every counter is on /prometheus at zero before the first request. */
    @Context
    SecurityMetrics securityMetrics(MeterRegistry registry) {
        return new SecurityMetrics(registry);
    }

    /** {@code table}: the persistence adapter's {@code JdbcAuditTrail}, named so. */
    @Singleton
    @Primary
    AuditLog auditLog(SecurityMetrics metrics, @Named("database") AuditLog table,
                      @Property(name = "auth.audit.record-refreshes") boolean recordRefreshes) {
        return new FanOutAuditLog(metrics, List.of(new LoggingAuditLog(), table), recordRefreshes);
    }

    @Singleton
    ListAuditEventsUseCase listAuditEvents(AuditLogReader events) {
        return new ListAuditEventsService(events);
    }
}
