package dev.authservice.application.audit.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.audit.port.in.ListAuditEventsUseCase.Query;
import dev.authservice.application.audit.port.in.ListAuditEventsUseCase.Result;
import dev.authservice.application.fixtures.InMemoryAuditTrail;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.domain.audit.AuditEventFilter;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ListAuditEventsServiceTest {

    private static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");

    private final InMemoryAuditTrail trail = new InMemoryAuditTrail();

    @Test
    void theEventsThatMatchTheFilterAreListedNewestFirst() {
        SecurityEvent first = SecurityEvent.of(SecurityEventType.LOGIN_FAILED, T0, RequesterMother.ANONYMOUS);
        SecurityEvent login = SecurityEvent.of(SecurityEventType.LOGIN_SUCCEEDED, T0.plusSeconds(1),
                RequesterMother.ANONYMOUS);
        SecurityEvent second = SecurityEvent.of(SecurityEventType.LOGIN_FAILED, T0.plusSeconds(2),
                RequesterMother.ANONYMOUS);
        List.of(first, login, second).forEach(trail::record);
        AuditEventFilter failedLogins = new AuditEventFilter(Optional.of(SecurityEventType.LOGIN_FAILED),
                Optional.empty(), Optional.empty(), Optional.empty());

        Page<SecurityEvent> page = new ListAuditEventsService(trail)
                .listAuditEvents(new Query(failedLogins, new PageRequest(0, 20))).match(Result.Listed::events);

        assertEquals(List.of(second, first), page.content());
    }
}
