package dev.authservice.application.port.in;

import dev.authservice.domain.token.SessionId;

/** Ends a session: its refresh tokens and its access tokens are refused from now on. */
public interface LogOutUseCase {

    void logOut(SessionId sessionId);
}
