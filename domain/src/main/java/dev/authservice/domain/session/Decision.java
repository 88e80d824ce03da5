package dev.authservice.domain.session;

import dev.authservice.domain.user.UserAccount;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * What presenting a refresh token means ({@link RefreshAttempt#decide}), and so what a store writes: each kind holds
 * the states it leaves. {@link #match} takes one function per kind, so that a new kind does not compile until every
 * caller, the stores that carry decisions out included, handles it.
 */
public sealed interface Decision {

    <T> T match(Function<Rotate, T> rotate, Function<Repeat, T> repeat,
                Function<RevokeForReuse, T> revokeForReuse, Function<Refuse, T> refuse);

    /**
     * Accepted: the token is rotated, its successor stored, and the session used at the rotation's moment
     * ({@link RefreshToken.Rotation#sessionUsedAt}); the owner gets an access token with the successor, saying how
     * and when the session last proved who its user is.
     */
    record Rotate(RefreshToken.Rotation rotation, UserAccount owner, Session session) implements Decision {
        @Override
        public <T> T match(Function<Rotate, T> rotate, Function<Repeat, T> repeat,
                           Function<RevokeForReuse, T> revokeForReuse, Function<Refuse, T> refuse) {
            return rotate.apply(this);
        }
    }

    /**
     * A rotated token presented again within the reuse grace: the owner gets an access token with the successor
     * already stored, and the token is marked {@code repeated} so that a next presentation is reuse.
     */
    record Repeat(RefreshToken.Rotated repeated, RefreshToken.Active successor, UserAccount owner, Session session)
            implements Decision {
        @Override
        public <T> T match(Function<Rotate, T> rotate, Function<Repeat, T> repeat,
                           Function<RevokeForReuse, T> revokeForReuse, Function<Refuse, T> refuse) {
            return repeat.apply(this);
        }
    }

    /**
     * A rotated token presented again: someone holds a copy, so nobody keeps the session.
     *
     * @param session the session as the reuse leaves it, revoked ({@link RevocationReason#REUSE_DETECTED}) at the
     *                attempt's moment
     */
    record RevokeForReuse(RefreshToken.Rotated reused, Session session) implements Decision {

        public RevokeForReuse {
            Objects.requireNonNull(reused, "reused");
            Objects.requireNonNull(session, "session");
            if (!session.id().equals(reused.sessionId()) || !session.isRevoked()) {
                throw new IllegalArgumentException("a reuse leaves the reused token's session revoked");
            }
        }

        public Session.Revocation revocation() {
            return session.revocation().orElseThrow();
        }

        @Override
        public <T> T match(Function<Rotate, T> rotate, Function<Repeat, T> repeat,
                           Function<RevokeForReuse, T> revokeForReuse, Function<Refuse, T> refuse) {
            return revokeForReuse.apply(this);
        }
    }

    /** Refused, and nothing changes; {@code token} is what was found, if anything. */
    record Refuse(Refusal why, Optional<RefreshToken> token) implements Decision {
        @Override
        public <T> T match(Function<Rotate, T> rotate, Function<Repeat, T> repeat,
                           Function<RevokeForReuse, T> revokeForReuse, Function<Refuse, T> refuse) {
            return refuse.apply(this);
        }
    }
}
