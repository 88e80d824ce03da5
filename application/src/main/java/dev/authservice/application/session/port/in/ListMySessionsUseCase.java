package dev.authservice.application.session.port.in;

import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.session.ActiveSession;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserId;
import java.util.Objects;
import java.util.function.Function;

/** The caller's sessions that can still be used, as a device list shows them: always most recently used first. */
public interface ListMySessionsUseCase {

    Result listMySessions(Query query);

    /** @param currentSession the session of the request that asks, which the list marks as current */
    record Query(UserId userId, SessionId currentSession, PageRequest page) {
        public Query {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(currentSession, "currentSession");
            Objects.requireNonNull(page, "page");
        }
    }

    /** @param current whether this is the session of the request that asked */
    record SessionView(ActiveSession session, boolean current) {
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Listed, T> listed);

        record Listed(Page<SessionView> sessions) implements Result {
            @Override
            public <T> T match(Function<Listed, T> listed) {
                return listed.apply(this);
            }
        }
    }
}
