package dev.authservice.domain.session;

import java.time.Instant;
import java.util.Objects;

/** A session that has not ended, and when it was last used (its last refresh, or its login). */
public record ActiveSession(Session session, Instant lastUsedAt) {

    public ActiveSession {
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(lastUsedAt, "lastUsedAt");
    }
}
