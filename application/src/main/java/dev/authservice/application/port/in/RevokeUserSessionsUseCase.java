package dev.authservice.application.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.user.UserId;

/** An administrator ends every session of a user. */
public interface RevokeUserSessionsUseCase {

    /** Returns {@code false} when there is no such user. {@code requester}: the administrator, for the audit trail. */
    boolean revokeAllSessions(UserId userId, Requester requester);
}
