package dev.authservice.application.port.in;

import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.session.ActiveSession;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserId;

/** The caller's sessions that can still be used, as a device list shows them: most recently used first. */
public interface ListMySessionsUseCase {

    Page<SessionView> listSessions(UserId userId, SessionId currentSession, PageRequest page);

    /** @param current whether this is the session of the request that asked */
    record SessionView(ActiveSession session, boolean current) {
    }
}
