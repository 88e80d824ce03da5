package dev.authservice.application.service;

import dev.authservice.application.port.in.ListMySessionsUseCase;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserId;
import java.time.Clock;

public final class ListMySessionsService implements ListMySessionsUseCase {

    private final SessionStore sessions;
    private final Clock clock;

    public ListMySessionsService(SessionStore sessions, Clock clock) {
        this.sessions = sessions;
        this.clock = clock;
    }

    @Override
    public Page<SessionView> listSessions(UserId userId, SessionId currentSession, PageRequest page) {
        return sessions.activeSessionsOf(userId, page, clock.instant())
                .map(active -> new SessionView(active, active.session().id().equals(currentSession)));
    }
}
