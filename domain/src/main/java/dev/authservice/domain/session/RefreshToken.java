package dev.authservice.domain.session;

import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A refresh token, and the whole life of a session's refresh tokens: every state, every transition, and what
 * presenting a token means. Stores carry out what this file decides; none decides anything of its own.
 *
 * <pre>
 *   login ──────────────────────────────▶ a live {@link Session}, and its first token Active
 *
 *   present an unknown hash ─────────────────────────────────▶ refused: UNKNOWN
 *   present any token of a revoked session ──────────────────▶ refused: SESSION_REVOKED
 *   present an Active token ─┬─ at or after its session ends ─▶ refused: SESSION_ENDED
 *                            ├─ at or after its expiresAt ───▶ refused: EXPIRED
 *                            ├─ its owner is disabled ───────▶ refused: OWNER_DISABLED
 *                            └─ otherwise ──▶ rotate: it is Rotated, and a successor in the session is Active
 *   present a Rotated token ─┬─ within the reuse grace of its rotation, not repeated yet, its successor
 *                            │  still Active and the session and owner still able to refresh
 *                            │      ──▶ repeat: the same successor again, and the token is marked repeated
 *                            └─ otherwise (after the grace, a second time, the successor used) ──▶ reuse:
 *                                   the session is revoked (REUSE_DETECTED)
 *
 *   logout, sign-out, password change, disabled account, administrator ──▶ the session is revoked
 * </pre>
 *
 * No token outlives its session's absolute lifetime ({@link Session#endsAt}): a token's expiresAt is the policy's, or
 * the session's end if that comes first. A revoked session ({@link Session#revoke}) keeps its tokens in the states
 * they had: a rotated token stays rotated, and every token of the session is refused from then on. Two presentations
 * of one Active token race: the store carries them out one after the other, so the loser finds the token Rotated,
 * which is reuse, unless the policy grants a reuse grace ({@code auth.refresh-token.reuse-grace}, strict 0 s by
 * default): then the loser, or a client that lost the answer, gets the very successor the winner got, once, and never
 * a second branch of the session. Only an {@link Active} token can be rotated, and only {@link RefreshAttempt#decide}
 * rotates one: an illegal transition does not compile.
 */
public sealed interface RefreshToken {

    RefreshTokenHash hash();

    SessionId sessionId();

    UserId userId();

    Instant issuedAt();

    Instant expiresAt();

    /** Login: the first token of a new session, living as long as the policy says, and not past the session's end. */
    static Active issue(RefreshTokenHash hash, Session session, Instant now, TokenPolicy policy) {
        return new Active(hash, session.id(), session.userId(), now,
                earlier(policy.refreshTokenExpiry(now), session.endsAt()));
    }

    record Active(RefreshTokenHash hash, SessionId sessionId, UserId userId, Instant issuedAt, Instant expiresAt)
            implements RefreshToken {

        public Active {
            requireCommon(hash, sessionId, userId, issuedAt, expiresAt);
            if (!expiresAt.isAfter(issuedAt)) {
                throw new IllegalArgumentException("a refresh token expires after it is issued");
            }
        }

        public boolean isExpiredAt(Instant now) {
            return !now.isBefore(expiresAt);
        }

        /** Uses this token up at {@code now}: it becomes {@link Rotated}, and the successor takes its place. */
        Rotation rotate(RefreshTokenHash successorHash, Instant now, Instant successorExpiresAt) {
            if (isExpiredAt(now)) {
                throw new IllegalStateException("an expired refresh token cannot be rotated");
            }
            return new Rotation(new Rotated(hash, sessionId, userId, issuedAt, expiresAt, now, Optional.empty()),
                    new Active(successorHash, sessionId, userId, now, successorExpiresAt));
        }
    }

    /** @param repeatedAt when its rotation was answered again, within the reuse grace; that happens once at most */
    record Rotated(RefreshTokenHash hash, SessionId sessionId, UserId userId, Instant issuedAt, Instant expiresAt,
                   Instant rotatedAt, Optional<Instant> repeatedAt) implements RefreshToken {

        public Rotated {
            requireCommon(hash, sessionId, userId, issuedAt, expiresAt);
            Objects.requireNonNull(rotatedAt, "rotatedAt");
            Objects.requireNonNull(repeatedAt, "repeatedAt");
        }

        /** Whether presenting it at {@code at} falls in the grace after its rotation and it has not been repeated. */
        boolean isRepeatableAt(Instant at, Duration reuseGrace) {
            return repeatedAt.isEmpty() && !at.isBefore(rotatedAt) && at.isBefore(rotatedAt.plus(reuseGrace));
        }

        Rotated repeat(Instant at) {
            return new Rotated(hash, sessionId, userId, issuedAt, expiresAt, rotatedAt, Optional.of(at));
        }
    }

    /** A refresh: the token presented, now used up, and the one that replaces it. */
    record Rotation(Rotated rotated, Active successor) {
    }

    /**
     * A client presenting a refresh token at {@code at}, with the successor that replaces it if the attempt is
     * accepted. Made before the token is looked up, so that a store can carry out the whole decision in one step;
     * the successor's lifetime is the policy's, counted from {@code at}, cut short by its session's end. Under a reuse
     * grace the successor is made from the presented token, so that a repeat names the successor already stored.
     */
    record RefreshAttempt(RefreshTokenHash presented, RefreshTokenHash successor, Instant at,
                          Instant successorExpiresAt, Duration reuseGrace) {

        public RefreshAttempt {
            Objects.requireNonNull(presented, "presented");
            Objects.requireNonNull(successor, "successor");
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(successorExpiresAt, "successorExpiresAt");
            Objects.requireNonNull(reuseGrace, "reuseGrace");
        }

        public static RefreshAttempt of(RefreshTokenHash presented, RefreshTokenHash successor, Instant at,
                                        TokenPolicy policy) {
            return new RefreshAttempt(presented, successor, at, policy.refreshTokenExpiry(at), policy.reuseGrace());
        }

        /** What this attempt means, given what the store has on record for the presented hash, if anything. */
        public Decision decide(Optional<TokenRecord> onRecord) {
            if (onRecord.isEmpty()) {
                return new Decision.Refuse(Refusal.UNKNOWN, Optional.empty());
            }
            RefreshToken token = onRecord.get().token();
            if (onRecord.get().session().isRevoked()) {
                return refuse(Refusal.SESSION_REVOKED, token);
            }
            Session session = onRecord.get().session();
            UserAccount owner = onRecord.get().owner();
            if (token instanceof Rotated rotated) {
                return onRecord.get().successor()
                        .filter(successor -> rotated.isRepeatableAt(at, reuseGrace) && !session.hasEndedAt(at)
                                && owner.enabled() && successor instanceof Active active
                                && active.issuedAt().equals(rotated.rotatedAt()) && !active.isExpiredAt(at))
                        .<Decision>map(successor -> new Decision.Repeat(rotated.repeat(at), (Active) successor, owner,
                                session))
                        .orElseGet(() -> new Decision.RevokeForReuse(rotated));
            }
            Active active = (Active) token;
            if (session.hasEndedAt(at)) {
                return refuse(Refusal.SESSION_ENDED, active);
            }
            if (active.isExpiredAt(at)) {
                return refuse(Refusal.EXPIRED, active);
            }
            if (!owner.enabled()) {
                return refuse(Refusal.OWNER_DISABLED, active);
            }
            return new Decision.Rotate(active.rotate(successor, at, earlier(successorExpiresAt, session.endsAt())),
                    owner, session);
        }

        private static Decision refuse(Refusal why, RefreshToken token) {
            return new Decision.Refuse(why, Optional.of(token));
        }
    }

    /**
     * What a store has on record for an attempt: the presented token, its session and the session's owner, as they
     * are now, and the token stored under the attempt's successor hash, if any (under a reuse grace, the successor a
     * rotation already stored). Everything {@link RefreshAttempt#decide} may read, and so everything a store must hand
     * it.
     */
    record TokenRecord(RefreshToken token, Session session, UserAccount owner, Optional<RefreshToken> successor) {

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

    /**
     * What presenting a token means; the store carries it out and hands it back. {@link #match} takes one function
     * per kind of decision, so that a new kind does not compile until every caller handles it.
     */
    sealed interface Decision {

        <T> T match(Function<Rotate, T> rotate, Function<Repeat, T> repeat,
                    Function<RevokeForReuse, T> revokeForReuse, Function<Refuse, T> refuse);

        /**
         * Accepted: the token is rotated, and the owner gets an access token with its successor, saying how and when
         * the session last proved who its user is.
         */
        record Rotate(Rotation rotation, UserAccount owner, Session session) implements Decision {
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
        record Repeat(Rotated repeated, Active successor, UserAccount owner, Session session) implements Decision {
            @Override
            public <T> T match(Function<Rotate, T> rotate, Function<Repeat, T> repeat,
                               Function<RevokeForReuse, T> revokeForReuse, Function<Refuse, T> refuse) {
                return repeat.apply(this);
            }
        }

        /** A rotated token presented again: someone holds a copy, so nobody keeps the session. */
        record RevokeForReuse(Rotated reused) implements Decision {
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

    /** Why a presented token is refused; the client is told only that it was. */
    enum Refusal {
        UNKNOWN,
        SESSION_REVOKED,
        /** The session's absolute lifetime is over: its user logs in again. */
        SESSION_ENDED,
        EXPIRED,
        OWNER_DISABLED
    }

    private static Instant earlier(Instant one, Instant other) {
        return one.isBefore(other) ? one : other;
    }

    private static void requireCommon(RefreshTokenHash hash, SessionId sessionId, UserId userId, Instant issuedAt,
                                      Instant expiresAt) {
        Objects.requireNonNull(hash, "hash");
        Objects.requireNonNull(sessionId, "sessionId");
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(issuedAt, "issuedAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
    }
}
