package dev.authservice.application.session.service;

import dev.authservice.application.session.port.in.ListMySessionsUseCase;
import dev.authservice.application.session.port.out.SessionStore;
import java.time.Clock;

public final class ListMySessionsService implements ListMySessionsUseCase {

    private final SessionStore sessions;
    private final Clock clock;

    public ListMySessionsService(SessionStore sessions, Clock clock) {
        this.sessions = sessions;
        this.clock = clock;
    }

    @Override
    public Result listMySessions(Query query) {
        return new Result.Listed(sessions.activeSessionsOf(query.userId(), query.page(), clock.instant())
                .map(active -> new SessionView(active, active.session().id().equals(query.currentSession()))));
    }
}
