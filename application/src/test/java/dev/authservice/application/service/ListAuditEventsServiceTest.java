package dev.authservice.application.service;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.port.out.AuditEvents;
import dev.authservice.domain.audit.AuditEventFilter;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class ListAuditEventsServiceTest {

    @Mock private AuditEvents events;

    @Test
    void theFilterAndPageGoToTheTrailAsAsked() {
        AuditEventFilter logins = new AuditEventFilter(Optional.of(SecurityEventType.LOGIN_FAILED), Optional.empty(),
                Optional.empty(), Optional.empty());
        PageRequest firstPage = new PageRequest(0, 20, new Sort("occurredAt", Sort.Direction.DESC));
        Page<SecurityEvent> found = new Page<>(List.of(SecurityEvent.of(SecurityEventType.LOGIN_FAILED,
                Instant.parse("2025-03-01T10:00:00Z"), RequesterMother.ANONYMOUS)), 0, 20, 1);
        when(events.find(logins, firstPage)).thenReturn(found);

        assertSame(found, new ListAuditEventsService(events).listEvents(logins, firstPage));
    }
}
