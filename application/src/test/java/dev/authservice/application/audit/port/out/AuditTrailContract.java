package dev.authservice.application.audit.port.out;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.domain.audit.AuditEventFilter;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every audit trail that can be read back promises: an {@link AuditLog} whose events its {@link AuditLogReader}
 * lists, newest first, filtered by type, user and time window. An implementation's test hands out both ports of one
 * empty trail.
 */
public abstract class AuditTrailContract {

    private static final Instant T0 = TestTime.SOME_INSTANT;
    private static final UserId ALICE = UserAccountMother.ALICE_ID;
    private static final UserId BOB = UserAccountMother.BOB_ID;
    private static final SessionId SESSION = new SessionId(UUID.fromString("5e55a1a0-0000-4000-8000-000000000001"));

    private AuditLog log;
    private AuditLogReader events;

    /** An empty trail; called before each test. */
    protected abstract AuditLog emptyAuditLog();

    /** The reading side of the trail {@link #emptyAuditLog()} returned. */
    protected abstract AuditLogReader auditLogReader();

    @BeforeEach
    void startEmpty() {
        log = emptyAuditLog();
        events = auditLogReader();
    }

    @Test
    void anEventIsReadBackAsItWasRecorded() {
        SecurityEvent login = SecurityEvent.of(SecurityEventType.LOGIN_SUCCEEDED, T0, RequesterMother.ANONYMOUS)
                .about(ALICE).inSession(SESSION);
        SecurityEvent disabled = SecurityEvent.of(SecurityEventType.SESSION_REVOKED, T0.plusSeconds(1),
                RequesterMother.ADMINISTRATOR).about(BOB).outcome(AuditOutcome.ADMINISTRATOR)
                .endingSessions(RevocationReason.ADMINISTRATOR, 2);
        SecurityEvent atStartUp = SecurityEvent.of(SecurityEventType.USER_CREATED, T0.plusSeconds(2), Requester.SERVICE)
                .about(BOB);

        log.record(login);
        log.record(disabled);
        log.record(atStartUp);

        assertEquals(List.of(atStartUp, disabled, login), all().content());
    }

    @Test
    void theNewestComeFirstAndPagesNeitherRepeatNorSkip() {
        List<SecurityEvent> recorded = IntStream.range(0, 7)
                .mapToObj(i -> login(ALICE, T0.plus(Duration.ofMinutes(i))))
                .toList();
        // Recorded out of order, as concurrent requests may: the order is by time, not by arrival.
        List.of(3, 0, 6, 1, 5, 2, 4).forEach(i -> log.record(recorded.get(i)));

        Page<SecurityEvent> first = events.find(AuditEventFilter.ALL, page(0, 3));
        Page<SecurityEvent> second = events.find(AuditEventFilter.ALL, page(1, 3));
        Page<SecurityEvent> third = events.find(AuditEventFilter.ALL, page(2, 3));

        assertEquals(List.of(recorded.get(6), recorded.get(5), recorded.get(4)), first.content());
        assertEquals(List.of(recorded.get(3), recorded.get(2), recorded.get(1)), second.content());
        assertEquals(List.of(recorded.get(0)), third.content());
        assertEquals(7, first.totalElements());
    }

    @Test
    void eventsAtTheSameInstantAreEachListedOnce() {
        Set<SecurityEvent> recorded = IntStream.range(0, 5).mapToObj(i -> login(ALICE, T0))
                .collect(Collectors.toSet());
        recorded.forEach(log::record);

        List<SecurityEvent> acrossPages = IntStream.range(0, 3)
                .mapToObj(i -> events.find(AuditEventFilter.ALL, page(i, 2)).content())
                .flatMap(List::stream).toList();

        assertEquals(5, acrossPages.size());
        assertEquals(recorded, Set.copyOf(acrossPages), "none repeated, none skipped");
    }

    @Test
    void theFilterNarrowsByTypeUserAndWindowTogether() {
        SecurityEvent alicesLogin = login(ALICE, T0);
        SecurityEvent bobsLogin = login(BOB, T0.plusSeconds(1));
        SecurityEvent alicesFailure = SecurityEvent.of(SecurityEventType.LOGIN_FAILED, T0.plusSeconds(2),
                RequesterMother.ANONYMOUS).about(ALICE).outcome(AuditOutcome.WRONG_PASSWORD);
        SecurityEvent alicesLaterLogin = login(ALICE, T0.plusSeconds(60));
        SecurityEvent nobodysThrottle = SecurityEvent.of(SecurityEventType.LOGIN_THROTTLED, T0.plusSeconds(3),
                RequesterMother.ANONYMOUS);
        List.of(alicesLogin, bobsLogin, alicesFailure, alicesLaterLogin, nobodysThrottle).forEach(log::record);

        assertEquals(List.of(alicesLaterLogin, alicesLogin),
                find(SecurityEventType.LOGIN_SUCCEEDED, ALICE, null, null));
        assertEquals(List.of(alicesLaterLogin, alicesFailure, alicesLogin), find(null, ALICE, null, null));
        assertEquals(List.of(nobodysThrottle), find(SecurityEventType.LOGIN_THROTTLED, null, null, null));
        // from inclusive, to exclusive
        assertEquals(List.of(nobodysThrottle, alicesFailure, bobsLogin),
                find(null, null, T0.plusSeconds(1), T0.plusSeconds(60)));
        assertEquals(List.of(alicesFailure), find(null, ALICE, T0.plusSeconds(1), T0.plusSeconds(60)));
        assertEquals(List.of(), find(SecurityEventType.USER_DISABLED, null, null, null));
    }

    private Page<SecurityEvent> all() {
        return events.find(AuditEventFilter.ALL, page(0, 50));
    }

    private List<SecurityEvent> find(SecurityEventType type, UserId user, Instant from, Instant to) {
        return events.find(new AuditEventFilter(Optional.ofNullable(type), Optional.ofNullable(user),
                Optional.ofNullable(from), Optional.ofNullable(to)), page(0, 50)).content();
    }

    private static SecurityEvent login(UserId user, Instant at) {
        return SecurityEvent.of(SecurityEventType.LOGIN_SUCCEEDED, at, RequesterMother.ANONYMOUS).about(user)
                .inSession(new SessionId(UUID.randomUUID()));
    }

    private static PageRequest page(int page, int size) {
        return new PageRequest(page, size);
    }
}
