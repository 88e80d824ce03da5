package dev.authservice.domain.token;

import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A refresh token and its life, one type per state:
 *
 * <pre>
 *   (login) ──▶ Active ──refresh──▶ Rotated   (its successor is a new Active token of the same session)
 *                 │ ╲
 *                 │  ╲──time──▶ expired      (an Active token past expiresAt: refused)
 *                 ╰──logout or reuse──▶ Revoked
 *
 *   Rotated ──presented again──▶ reuse: the whole session is revoked
 * </pre>
 *
 * Only an {@link Active} token can be rotated, so an illegal transition does not compile.
 * {@link #presentedAt(Instant)} says what presenting a token means; the caller carries the decision out.
 */
public sealed interface RefreshToken {

    RefreshTokenHash hash();

    SessionId sessionId();

    UserId userId();

    Instant issuedAt();

    Instant expiresAt();

    /** The first token of a new session. */
    static Active issue(RefreshTokenHash hash, SessionId sessionId, UserId userId, Instant now, Duration ttl) {
        return new Active(hash, sessionId, userId, now, now.plus(ttl));
    }

    /** What it means to present this token at {@code now}. */
    Presentation presentedAt(Instant now);

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

        /** Uses this token up: it becomes {@link Rotated}, and a successor of the same session takes its place. */
        public Rotation rotate(RefreshTokenHash successorHash, Instant now, Duration ttl) {
            if (isExpiredAt(now)) {
                throw new IllegalStateException("an expired refresh token cannot be rotated");
            }
            return new Rotation(
                    new Rotated(hash, sessionId, userId, issuedAt, expiresAt, now),
                    new Active(successorHash, sessionId, userId, now, now.plus(ttl)));
        }

        public Revoked revoke(Instant now) {
            return new Revoked(hash, sessionId, userId, issuedAt, expiresAt, now);
        }

        @Override
        public Presentation presentedAt(Instant now) {
            return isExpiredAt(now) ? Presentation.EXPIRED : Presentation.ACCEPTED;
        }
    }

    record Rotated(RefreshTokenHash hash, SessionId sessionId, UserId userId, Instant issuedAt, Instant expiresAt,
                   Instant rotatedAt) implements RefreshToken {

        public Rotated {
            requireCommon(hash, sessionId, userId, issuedAt, expiresAt);
            Objects.requireNonNull(rotatedAt, "rotatedAt");
        }

        /** Reuse, even after the token would have expired: a copy is out there, and so is its successor. */
        @Override
        public Presentation presentedAt(Instant now) {
            return Presentation.REUSED;
        }
    }

    record Revoked(RefreshTokenHash hash, SessionId sessionId, UserId userId, Instant issuedAt, Instant expiresAt,
                   Instant revokedAt) implements RefreshToken {

        public Revoked {
            requireCommon(hash, sessionId, userId, issuedAt, expiresAt);
            Objects.requireNonNull(revokedAt, "revokedAt");
        }

        @Override
        public Presentation presentedAt(Instant now) {
            return Presentation.REVOKED;
        }
    }

    /** The outcome of a refresh: the token presented, now used up, and the one that replaces it. */
    record Rotation(Rotated rotated, Active successor) {
    }

    enum Presentation {
        /** Active and unexpired: rotate it. */
        ACCEPTED,
        /** Past its expiry: refuse it. */
        EXPIRED,
        /** Its session was ended: refuse it. */
        REVOKED,
        /** Already rotated: refuse it and revoke its session. */
        REUSED
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
