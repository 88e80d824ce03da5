package dev.authservice.domain.session;

import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A refresh token in one of its states, and the whole life of a session's refresh tokens. What presenting a token
 * means is {@link RefreshAttempt#decide}: it answers one {@link Decision}, refusing where a {@link RefusalRule} says
 * so; the service has the store carry that decision out, and no store decides anything of its own.
 *
 * <pre>
 *   login ─────────────────────────────────────────────────────▶ a live Session, and its first token Active
 *
 *   present an unknown hash ───────────────────────────────────▶ Refuse: UNKNOWN
 *   present any token of a revoked session ────────────────────▶ Refuse: SESSION_REVOKED
 *   present an Active token ─┬─ at or after its session ends ──▶ Refuse: SESSION_ENDED
 *                            ├─ at or after its expiresAt ─────▶ Refuse: EXPIRED
 *                            ├─ its owner is disabled ─────────▶ Refuse: OWNER_DISABLED
 *                            └─ otherwise ─────────────────────▶ Rotate: it is Rotated, a successor in the
 *                                 session is Active, and the session's last use moves to the attempt
 *   present a Rotated token ─┬─ within the reuse grace of its rotation, not repeated yet, its successor
 *                            │  still Active and refused by none of the rules above
 *                            │                     ──▶ Repeat: the same successor again, the token marked repeated
 *                            └─ otherwise (after the grace, a second time, the successor used or refused)
 *                                                  ──▶ RevokeForReuse: the session is revoked (REUSE_DETECTED)
 *
 *   logout, sign-out, password change, disabled account, administrator ──▶ the session is revoked
 * </pre>
 *
 * No token outlives its session's absolute lifetime ({@link Session#endsAt}): a token's expiresAt is the policy's, or
 * the session's end if that comes first. A revoked session ({@link Session#revoke}) keeps its tokens in the states
 * they had: a rotated token stays rotated, and every token of the session is refused from then on. Two presentations
 * of one Active token race: the store finds the token's record with its rows locked until the decision on it is
 * written, so the loser finds the token Rotated, which is reuse, unless the policy grants a reuse grace
 * ({@code auth.refresh-token.reuse-grace}, strict 0 s by default): then the loser, or a client that lost the answer,
 * gets the very successor the winner got, once, and never a second branch of the session. Only an {@link Active}
 * token can be rotated, and only {@link RefreshAttempt#decide} rotates one: an illegal transition does not compile.
 */
public sealed interface RefreshToken {

    RefreshTokenHash hash();

    SessionId sessionId();

    UserId userId();

    Instant issuedAt();

    Instant expiresAt();

    /** Whether its life is over at {@code now}; a rotated token is used up whatever its expiry says. */
    default boolean isExpiredAt(Instant now) {
        return !now.isBefore(expiresAt());
    }

    /** Login: the first token of a new session, living as long as the policy says, and not past the session's end. */
    static Active issue(RefreshTokenHash hash, Session session, Instant now, TokenPolicy policy) {
        return new Active(hash, session.id(), session.userId(), now,
                session.expiryWithin(policy.refreshTokenExpiry(now)));
    }

    record Active(RefreshTokenHash hash, SessionId sessionId, UserId userId, Instant issuedAt, Instant expiresAt)
            implements RefreshToken {

        public Active {
            requireCommon(hash, sessionId, userId, issuedAt, expiresAt);
            if (!expiresAt.isAfter(issuedAt)) {
                throw new IllegalArgumentException("a refresh token expires after it is issued");
            }
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

        /** Whether {@code token} is the successor its rotation made: active, in its session, issued as it was rotated. */
        boolean isSucceededBy(RefreshToken token) {
            return token instanceof Active && token.sessionId().equals(sessionId)
                    && token.issuedAt().equals(rotatedAt);
        }

        Rotated repeat(Instant at) {
            return new Rotated(hash, sessionId, userId, issuedAt, expiresAt, rotatedAt, Optional.of(at));
        }
    }

    /**
     * A refresh: the token presented, now used up, and the one that replaces it, both at one moment. A rotation is a
     * use of the session: its last use, by which a user's list of sessions is ordered, moves to that moment.
     */
    record Rotation(Rotated rotated, Active successor) {

        public Rotation {
            Objects.requireNonNull(rotated, "rotated");
            Objects.requireNonNull(successor, "successor");
            if (!rotated.isSucceededBy(successor)) {
                throw new IllegalArgumentException("a successor is issued in its session as its token is rotated");
            }
        }

        /** The session's last use once this rotation is carried out. */
        public Instant sessionUsedAt() {
            return rotated.rotatedAt();
        }
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
