package dev.authservice.application.port.in;

import dev.authservice.domain.user.UserId;

/** An administrator ends every session of a user. */
public interface RevokeUserSessionsUseCase {

    /** Returns {@code false} when there is no such user. */
    boolean revokeAllSessions(UserId userId);
}
