package dev.authservice.application.session.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.InMemorySessionStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.session.port.in.ListMySessionsUseCase.Query;
import dev.authservice.application.session.port.in.ListMySessionsUseCase.Result;
import dev.authservice.application.session.port.in.ListMySessionsUseCase.SessionView;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.session.ActiveSession;
import dev.authservice.domain.session.RevocationReason;
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

class ListMySessionsServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final UserAccount ALICE = UserAccountMother.alice();

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemorySessionStore sessions = new InMemorySessionStore(users);
    private final ListMySessionsService service = new ListMySessionsService(sessions, Clock.fixed(NOW, ZoneOffset.UTC));
    private SessionMother.Login laptop;
    private SessionMother.Login phone;
    private SessionMother.Login tablet;

    @BeforeEach
    void aliceLoggedInOnThreeDevices() {
        users.add(ALICE);
        tablet = logInAgo(Duration.ofDays(9));
        laptop = logInAgo(Duration.ofDays(3));
        phone = logInAgo(Duration.ofDays(1));
    }

    @Test
    void theSessionsAreListedMostRecentlyUsedFirstAndOnlyTheOneOfTheRequestIsCurrent() {
        Page<SessionView> page = list(laptop.sessionId(), new PageRequest(0, 3));

        assertEquals(List.of(view(phone, false), view(laptop, true), view(tablet, false)), page.content());
    }

    @Test
    void whenTheCurrentSessionIsOnAnotherPageNoneIsMarkedCurrent() {
        Page<SessionView> page = list(tablet.sessionId(), new PageRequest(0, 2));

        assertEquals(List.of(false, false), page.content().stream().map(SessionView::current).toList());
    }

    @Test
    void thePagePositionAndTheTotalAreKept() {
        Page<SessionView> page = list(laptop.sessionId(), new PageRequest(1, 2));

        assertEquals(List.of(view(tablet, false)), page.content());
        assertEquals(1, page.page());
        assertEquals(3, page.totalElements());
    }

    @Test
    void aRevokedSessionIsNotListed() {
        sessions.revoke(phone.sessionId(), RevocationReason.SIGNED_OUT, NOW);

        assertEquals(List.of(view(laptop, true), view(tablet, false)),
                list(laptop.sessionId(), new PageRequest(0, 3)).content());
    }

    @Test
    void aUserWithoutActiveSessionsGetsAnEmptyPage() {
        Page<SessionView> page = service.listMySessions(new Query(UserAccountMother.BOB_ID,
                new SessionId(UUID.randomUUID()), new PageRequest(0, 3))).match(Result.Listed::sessions);

        assertEquals(List.of(), page.content());
        assertEquals(0, page.totalElements());
    }

    private Page<SessionView> list(SessionId current, PageRequest page) {
        return service.listMySessions(new Query(ALICE.id(), current, page)).match(Result.Listed::sessions);
    }

    private SessionMother.Login logInAgo(Duration ago) {
        SessionMother.Login login = SessionMother.aLoginOf(ALICE, NOW.minus(ago));
        sessions.start(login.session(), login.firstToken());
        return login;
    }

    private static SessionView view(SessionMother.Login login, boolean current) {
        return new SessionView(new ActiveSession(login.session(), login.session().createdAt()), current);
    }
}
