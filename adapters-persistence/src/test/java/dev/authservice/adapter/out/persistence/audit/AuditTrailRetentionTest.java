package dev.authservice.adapter.out.persistence.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.domain.audit.AuditEventFilter;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.paging.PageRequest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class AuditTrailRetentionTest {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.h2();

    private static final Instant NOW = Instant.parse("2025-06-01T00:00:00Z");
    private static final Duration RETENTION = Duration.ofDays(90);

    private JdbcAuditTrail trail;

    @BeforeEach
    void emptyTrail() {
        database.deleteAllRows();
        trail = database.bean(JdbcAuditTrail.class);
    }

    @Test
    void eventsOlderThanTheRetentionGoAndTheRestStay() {
        SecurityEvent tooOld = login(NOW.minus(RETENTION).minusMillis(1));
        SecurityEvent justInTime = login(NOW.minus(RETENTION));
        SecurityEvent recent = login(NOW.minusSeconds(60));
        List.of(tooOld, justInTime, recent).forEach(trail::record);

        retention().purge();

        assertEquals(List.of(recent, justInTime), trail.find(AuditEventFilter.ALL,
                new PageRequest(0, 10)).content());
    }

    @Test
    void aRetentionThatIsNotPositiveIsRefused() {
        AuditEventRowRepository rows = database.bean(AuditEventRowRepository.class);
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);

        assertThrows(IllegalArgumentException.class, () -> new AuditTrailRetention(rows, Duration.ZERO, clock));
        assertThrows(IllegalArgumentException.class, () -> new AuditTrailRetention(rows, Duration.ofDays(-1), clock));
    }

    private static AuditTrailRetention retention() {
        return new AuditTrailRetention(database.bean(AuditEventRowRepository.class), RETENTION,
                Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private static SecurityEvent login(Instant at) {
        return SecurityEvent.of(SecurityEventType.LOGIN_SUCCEEDED, at, RequesterMother.ANONYMOUS);
    }
}
