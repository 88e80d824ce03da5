package dev.authservice.application.port.out;

import dev.authservice.domain.audit.AuditEventFilter;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;

/** The audit trail as it was written down, for reading: newest first, whatever the request's sort. */
public interface AuditEvents {

    Page<SecurityEvent> find(AuditEventFilter filter, PageRequest page);
}
