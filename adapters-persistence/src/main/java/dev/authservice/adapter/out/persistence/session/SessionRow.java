package dev.authservice.adapter.out.persistence.session;

import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.session.ActiveSession;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserId;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** A row of {@code sessions}. Written whole at login; later only by the updates of {@link SessionRowRepository}. */
@MappedEntity(value = "sessions", escape = false)
record SessionRow(
        @Id UUID id,
        UUID userId,
        Instant createdAt,
        Instant endsAt,
        Instant lastUsedAt,
        @Nullable String clientAddress,
        @Nullable String userAgent,
        @Nullable Instant revokedAt,
        @Nullable RevocationReason revocationReason,
        String amr,
        Instant authenticatedAt) {

    /** A session as login stores it: live, and last used when it began. */
    static SessionRow started(Session session) {
        if (session.isRevoked()) {
            throw new IllegalArgumentException("a session starts live");
        }
        return new SessionRow(session.id().value(), session.userId().value(), session.createdAt(), session.endsAt(),
                session.createdAt(), Optional.ofNullable(session.clientAddress()).map(ClientAddress::value).orElse(null),
                session.userAgent(), null, null, session.methods().stored(), session.authenticatedAt());
    }

    Session toSession() {
        return new Session(new SessionId(id), new UserId(userId), createdAt, endsAt,
                Optional.ofNullable(clientAddress).map(ClientAddress::new).orElse(null), userAgent,
                Optional.ofNullable(revokedAt).map(at -> new Session.Revocation(revocationReason, at)),
                AuthenticationMethods.ofStored(amr), authenticatedAt);
    }

    ActiveSession toActiveSession() {
        return new ActiveSession(toSession(), lastUsedAt);
    }
}
