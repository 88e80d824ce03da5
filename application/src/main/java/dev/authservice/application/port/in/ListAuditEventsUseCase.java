package dev.authservice.application.port.in;

import dev.authservice.domain.audit.AuditEventFilter;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;

/** The audit trail for administrators: the recorded security events that match a filter, newest first. */
public interface ListAuditEventsUseCase {

    Page<SecurityEvent> listEvents(AuditEventFilter filter, PageRequest page);
}
