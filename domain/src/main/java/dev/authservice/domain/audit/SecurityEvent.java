package dev.authservice.domain.audit;

import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One entry of the audit trail: what happened, when, at whose request, to which user and session, its
 * {@link AuditOutcome}, and how many sessions it ended and why. Built with
 * {@link #of} and the {@code about}/{@code inSession}/{@code outcome}/{@code endingSessions} steps, so that each use
 * case names only what it knows.
 */
public record SecurityEvent(SecurityEventType type, Instant occurredAt, Requester requester, Optional<UserId> userId,
                            Optional<SessionId> sessionId, Optional<AuditOutcome> outcome,
                            Optional<SessionsEnded> sessionsEnded) {

    /** Sessions that stopped working with this event: a logout ends one, disabling a user ends all of theirs. */
    public record SessionsEnded(RevocationReason reason, int count) {
        public SessionsEnded {
            Objects.requireNonNull(reason, "reason");
            if (count < 0) {
                throw new IllegalArgumentException("count must not be negative");
            }
        }
    }

    public SecurityEvent {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(requester, "requester");
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(sessionId, "sessionId");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(sessionsEnded, "sessionsEnded");
    }

    public static SecurityEvent of(SecurityEventType type, Instant occurredAt, Requester requester) {
        return new SecurityEvent(type, occurredAt, requester, Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty());
    }

    /** The user the event is about; for a user acting on their own account, the requester too. */
    public SecurityEvent about(UserId user) {
        return new SecurityEvent(type, occurredAt, requester, Optional.of(user), sessionId, outcome, sessionsEnded);
    }

    public SecurityEvent inSession(SessionId session) {
        return new SecurityEvent(type, occurredAt, requester, userId, Optional.of(session), outcome, sessionsEnded);
    }

    public SecurityEvent outcome(AuditOutcome why) {
        return new SecurityEvent(type, occurredAt, requester, userId, sessionId, Optional.of(why), sessionsEnded);
    }

    /** {@code count} sessions ended with this event, for {@code reason}; zero when there was none left to end. */
    public SecurityEvent endingSessions(RevocationReason reason, int count) {
        return new SecurityEvent(type, occurredAt, requester, userId, sessionId, outcome,
                Optional.of(new SessionsEnded(reason, count)));
    }
}
