package dev.authservice.application.session.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.session.SessionId;
import java.util.Objects;
import java.util.function.Function;

/** Ends a session: its refresh tokens and its access tokens are refused from now on. */
public interface LogOutUseCase {

    Result logOut(Command command);

    /** @param requester the session's user, and where the request came from, for the audit trail */
    record Command(SessionId sessionId, Requester requester) {
        public Command {
            Objects.requireNonNull(sessionId, "sessionId");
            Objects.requireNonNull(requester, "requester");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<LoggedOut, T> loggedOut);

        /** The session is revoked, whether by this logout or already before it: logging out twice is no error. */
        record LoggedOut() implements Result {
            @Override
            public <T> T match(Function<LoggedOut, T> loggedOut) {
                return loggedOut.apply(this);
            }
        }
    }
}
