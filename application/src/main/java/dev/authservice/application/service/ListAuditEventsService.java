package dev.authservice.application.service;

import dev.authservice.application.port.in.ListAuditEventsUseCase;
import dev.authservice.application.port.out.AuditEvents;
import dev.authservice.domain.audit.AuditEventFilter;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;

public final class ListAuditEventsService implements ListAuditEventsUseCase {

    private final AuditEvents events;

    public ListAuditEventsService(AuditEvents events) {
        this.events = events;
    }

    @Override
    public Page<SecurityEvent> listEvents(AuditEventFilter filter, PageRequest page) {
        return events.find(filter, page);
    }
}
