package dev.authservice.adapter.out.persistence.session;

import dev.authservice.domain.token.ActiveSession;
import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.token.Session;
import dev.authservice.domain.token.SessionId;
import dev.authservice.domain.user.UserId;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;
import java.util.UUID;

/** A row of {@code sessions}. Written whole at login; later only by the updates of {@link SessionRowRepository}. */
@MappedEntity(value = "sessions", escape = false)
record SessionRow(
        @Id UUID id,
        UUID userId,
        Instant createdAt,
        Instant lastUsedAt,
        @Nullable String clientAddress,
        @Nullable String userAgent,
        @Nullable Instant revokedAt,
        @Nullable RevocationReason revocationReason) {

    static SessionRow started(Session session) {
        return new SessionRow(session.id().value(), session.userId().value(), session.createdAt(),
                session.createdAt(), session.clientAddress(), session.userAgent(), null, null);
    }

    Session toSession() {
        return new Session(new SessionId(id), new UserId(userId), createdAt, clientAddress, userAgent);
    }

    ActiveSession toActiveSession() {
        return new ActiveSession(toSession(), lastUsedAt);
    }
}
