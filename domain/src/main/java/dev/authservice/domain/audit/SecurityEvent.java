package dev.authservice.domain.audit;

import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.token.SessionId;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * One entry of the audit trail: what happened, when, at whose request, to which user and session, and a short
 * detail (a reason or an outcome, never a password, token, hash or secret). Built with {@link #of} and the
 * {@code about}/{@code inSession}/{@code detail} steps, so that each use case names only what it knows.
 */
public record SecurityEvent(SecurityEventType type, Instant occurredAt, Requester requester, Optional<UserId> userId,
                            Optional<SessionId> sessionId, Optional<String> detail) {

    public SecurityEvent {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(requester, "requester");
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(sessionId, "sessionId");
        Objects.requireNonNull(detail, "detail");
    }

    public static SecurityEvent of(SecurityEventType type, Instant occurredAt, Requester requester) {
        return new SecurityEvent(type, occurredAt, requester, Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** The user the event is about; for a user acting on their own account, the requester too. */
    public SecurityEvent about(UserId user) {
        return new SecurityEvent(type, occurredAt, requester, Optional.of(user), sessionId, detail);
    }

    public SecurityEvent inSession(SessionId session) {
        return new SecurityEvent(type, occurredAt, requester, userId, Optional.of(session), detail);
    }

    public SecurityEvent detail(String text) {
        return new SecurityEvent(type, occurredAt, requester, userId, sessionId, Optional.of(text));
    }

    public SecurityEvent detail(Enum<?> reason) {
        return detail(reason.name());
    }

    /**
     * Why sessions ended with this event, when they did: a logout, a reuse, a password change (the user's other
     * sessions), a disable, or a {@link SecurityEventType#SESSION_REVOKED} with its reason as the detail.
     */
    public Optional<RevocationReason> endedSessionsBecause() {
        return switch (type) {
            case LOGGED_OUT -> Optional.of(RevocationReason.LOGOUT);
            case REFRESH_TOKEN_REUSED -> Optional.of(RevocationReason.REUSE_DETECTED);
            case PASSWORD_CHANGED -> Optional.of(RevocationReason.PASSWORD_CHANGED);
            case USER_DISABLED -> Optional.of(RevocationReason.USER_DISABLED);
            case SESSION_REVOKED -> detail.flatMap(SecurityEvent::revocationReason);
            default -> Optional.empty();
        };
    }

    private static Optional<RevocationReason> revocationReason(String name) {
        return Arrays.stream(RevocationReason.values()).filter(reason -> reason.name().equals(name)).findFirst();
    }
}
