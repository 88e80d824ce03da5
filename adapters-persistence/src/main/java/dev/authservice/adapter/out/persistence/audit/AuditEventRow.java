package dev.authservice.adapter.out.persistence.audit;

import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent.SessionsEnded;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserId;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

@MappedEntity(value = "audit_events", escape = false)
record AuditEventRow(
        @Id UUID id,
        SecurityEventType type,
        Instant occurredAt,
        @Nullable UUID userId,
        @Nullable UUID sessionId,
        @Nullable UUID actorId,
        @Nullable String clientAddress,
        @Nullable String userAgent,
        @Nullable AuditOutcome outcome,
        @Nullable RevocationReason endedReason,
        @Nullable Integer endedSessions) {

    static AuditEventRow of(SecurityEvent event) {
        return new AuditEventRow(UUID.randomUUID(), event.type(), event.occurredAt(),
                event.userId().map(UserId::value).orElse(null),
                event.sessionId().map(SessionId::value).orElse(null),
                event.requester().userId().map(UserId::value).orElse(null),
                Optional.ofNullable(event.requester().clientAddress()).map(ClientAddress::value).orElse(null),
                event.requester().userAgent(), event.outcome().orElse(null),
                event.sessionsEnded().map(SessionsEnded::reason).orElse(null),
                event.sessionsEnded().map(SessionsEnded::count).orElse(null));
    }

    SecurityEvent toEvent() {
        Requester requester = new Requester(Optional.ofNullable(actorId).map(UserId::new),
                Optional.ofNullable(clientAddress).map(ClientAddress::new).orElse(null), userAgent);
        return new SecurityEvent(type, occurredAt, requester, Optional.ofNullable(userId).map(UserId::new),
                Optional.ofNullable(sessionId).map(SessionId::new), Optional.ofNullable(outcome),
                Optional.ofNullable(endedReason).map(reason -> new SessionsEnded(reason, endedSessions)));
    }
}
