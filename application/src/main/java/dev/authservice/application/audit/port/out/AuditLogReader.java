package dev.authservice.application.audit.port.out;

import dev.authservice.domain.audit.AuditEventFilter;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;

/** Reads back what {@link AuditLog} recorded, where it was written down: newest first. */
public interface AuditLogReader {

    Page<SecurityEvent> find(AuditEventFilter filter, PageRequest page);
}
