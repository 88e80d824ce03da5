package dev.authservice.application.session.port.out;

import dev.authservice.domain.session.SessionId;

/**
 * Asked on every protected request: has the session of this access token been ended? It must answer from memory
 * (it runs on the request path) and must agree with {@link SessionStore#revoke} of this instance at once,
 * and of the other instances sharing the store within a short, documented delay.
 */
public interface RevokedSessions {

    boolean isRevoked(SessionId sessionId);
}
