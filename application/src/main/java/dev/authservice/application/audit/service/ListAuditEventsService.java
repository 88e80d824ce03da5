package dev.authservice.application.audit.service;

import dev.authservice.application.audit.port.in.ListAuditEventsUseCase;
import dev.authservice.application.audit.port.out.AuditLogReader;

public final class ListAuditEventsService implements ListAuditEventsUseCase {

    private final AuditLogReader events;

    public ListAuditEventsService(AuditLogReader events) {
        this.events = events;
    }

    @Override
    public Result listAuditEvents(Query query) {
        return new Result.Listed(events.find(query.filter(), query.page()));
    }
}
