package dev.authservice.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.port.in.ListMySessionsUseCase.SessionView;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.session.ActiveSession;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class ListMySessionsServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final PageRequest FIRST_PAGE = new PageRequest(0, 3, new Sort("lastUsedAt", Sort.Direction.DESC));

    /** Most recently used first, as the store answers. */
    private static final ActiveSession LAPTOP = activeSession(Duration.ofDays(3), Duration.ofMinutes(1));
    private static final ActiveSession PHONE = activeSession(Duration.ofDays(1), Duration.ofHours(2));
    private static final ActiveSession TABLET = activeSession(Duration.ofDays(9), Duration.ofDays(4));

    @Mock private SessionStore sessions;

    private ListMySessionsService service;

    @BeforeEach
    void setUp() {
        service = new ListMySessionsService(sessions, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    @Test
    void onlyTheSessionOfTheRequestIsMarkedCurrent() {
        givenActiveSessions(FIRST_PAGE, 3, LAPTOP, PHONE, TABLET);

        Page<SessionView> page = service.listSessions(ALICE.id(), PHONE.session().id(), FIRST_PAGE);

        assertEquals(List.of(new SessionView(LAPTOP, false), new SessionView(PHONE, true),
                new SessionView(TABLET, false)), page.content());
    }

    @Test
    void whenTheCurrentSessionIsOnAnotherPageNoneIsMarkedCurrent() {
        givenActiveSessions(FIRST_PAGE, 4, LAPTOP, PHONE, TABLET);
        SessionId elsewhere = new SessionId(UUID.fromString("5e55a1a0-0000-4000-8000-000000000099"));

        Page<SessionView> page = service.listSessions(ALICE.id(), elsewhere, FIRST_PAGE);

        assertEquals(List.of(false, false, false), page.content().stream().map(SessionView::current).toList());
    }

    @Test
    void theStoresOrderAndPagePositionAreKept() {
        PageRequest second = new PageRequest(1, 3, FIRST_PAGE.sort());
        givenActiveSessions(second, 4, TABLET);

        Page<SessionView> page = service.listSessions(ALICE.id(), LAPTOP.session().id(), second);

        assertEquals(List.of(new SessionView(TABLET, false)), page.content());
        assertEquals(1, page.page());
        assertEquals(3, page.size());
        assertEquals(4, page.totalElements());
    }

    @Test
    void aUserWithoutActiveSessionsGetsAnEmptyPage() {
        givenActiveSessions(FIRST_PAGE, 0);

        Page<SessionView> page = service.listSessions(ALICE.id(), LAPTOP.session().id(), FIRST_PAGE);

        assertEquals(List.of(), page.content());
        assertEquals(0, page.totalElements());
    }

    /** The store's answer when asked at {@code NOW}: the clock decides which sessions are still active. */
    private void givenActiveSessions(PageRequest request, long total, ActiveSession... active) {
        when(sessions.activeSessionsOf(ALICE.id(), request, NOW))
                .thenReturn(Page.of(List.of(active), request, total));
    }

    private static ActiveSession activeSession(Duration startedAgo, Duration lastUsedAgo) {
        return new ActiveSession(SessionMother.aLoginOf(ALICE, NOW.minus(startedAgo)).session(),
                NOW.minus(lastUsedAgo));
    }
}
