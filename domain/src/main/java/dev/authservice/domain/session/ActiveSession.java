package dev.authservice.domain.session;

import java.time.Instant;
import java.util.Comparator;
import java.util.Objects;
import java.util.UUID;

/** A session that has not ended, and when it was last used (its last refresh, or its login). */
public record ActiveSession(Session session, Instant lastUsedAt) {

    /**
     * The order of a user's list of sessions: most recently used first; of two used at the same moment, the one with
     * the greater id, its 128 bits read as one unsigned number, as databases compare UUIDs.
     */
    public static final Comparator<ActiveSession> MOST_RECENTLY_USED_FIRST = Comparator
            .comparing(ActiveSession::lastUsedAt)
            .thenComparing(listed -> listed.session().id().value(), ActiveSession::compareUnsigned)
            .reversed();

    public ActiveSession {
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(lastUsedAt, "lastUsedAt");
    }

    private static int compareUnsigned(UUID a, UUID b) {
        int high = Long.compareUnsigned(a.getMostSignificantBits(), b.getMostSignificantBits());
        return high != 0 ? high : Long.compareUnsigned(a.getLeastSignificantBits(), b.getLeastSignificantBits());
    }
}
