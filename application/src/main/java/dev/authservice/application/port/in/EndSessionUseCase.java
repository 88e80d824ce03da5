package dev.authservice.application.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserId;

/** A user ends one of their own sessions ("sign out this device"); its refresh and access tokens stop working. */
public interface EndSessionUseCase {

    /**
     * Returns {@code false} when {@code sessionId} is not an active session of {@code userId}: unknown and someone
     * else's look the same, so session ids cannot be probed. {@code requester}: who asked and from where, for the
     * audit trail.
     */
    boolean endSession(UserId userId, SessionId sessionId, Requester requester);
}
