package dev.authservice.domain.session;

import dev.authservice.domain.user.UserAccount;
import java.util.Objects;
import java.util.Optional;

/**
 * What a store has on record for a refresh attempt: the presented token, its session and the session's owner, as they
 * are now, and the token stored under the attempt's successor hash, if any (under a reuse grace, the successor a
 * rotation already stored). Everything {@link RefreshAttempt#decide} may read, and so everything a store must hand
 * it.
 */
public record TokenRecord(RefreshToken token, Session session, UserAccount owner, Optional<RefreshToken> successor) {

    public TokenRecord {
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(successor, "successor");
        if (!token.sessionId().equals(session.id()) || !token.userId().equals(owner.id())) {
            throw new IllegalArgumentException("a token is on record with its own session and owner");
        }
    }

    /** On record with nothing stored under the attempt's successor hash: every attempt but a repeat. */
    public TokenRecord(RefreshToken token, Session session, UserAccount owner) {
        this(token, session, owner, Optional.empty());
    }
}
