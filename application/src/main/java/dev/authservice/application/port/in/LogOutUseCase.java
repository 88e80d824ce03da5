package dev.authservice.application.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.session.SessionId;

/** Ends a session: its refresh tokens and its access tokens are refused from now on. */
public interface LogOutUseCase {

    /** @param requester the session's user, and where the request came from, for the audit trail */
    void logOut(SessionId sessionId, Requester requester);
}
