package dev.authservice.adapter.out.persistence.session;

import dev.authservice.domain.token.RefreshToken;
import dev.authservice.domain.token.RefreshTokenHash;
import dev.authservice.domain.token.SessionId;
import dev.authservice.domain.user.UserId;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;
import java.util.UUID;

/** A row of {@code refresh_tokens}: one token, known by its hash, in one of the states of {@link RefreshToken}. */
@MappedEntity(value = "refresh_tokens", escape = false)
record RefreshTokenRow(
        @Id String tokenHash,
        UUID sessionId,
        UUID userId,
        Instant issuedAt,
        Instant expiresAt,
        TokenStatus status,
        @Nullable Instant rotatedAt,
        @Nullable Instant revokedAt) {

    /** Tokens are inserted active; the other states are reached by the updates of the repository. */
    static RefreshTokenRow of(RefreshToken.Active token) {
        return new RefreshTokenRow(token.hash().hex(), token.sessionId().value(), token.userId().value(),
                token.issuedAt(), token.expiresAt(), TokenStatus.ACTIVE, null, null);
    }

    RefreshToken toRefreshToken() {
        var hash = new RefreshTokenHash(tokenHash);
        var session = new SessionId(sessionId);
        var user = new UserId(userId);
        return switch (status) {
            case ACTIVE -> new RefreshToken.Active(hash, session, user, issuedAt, expiresAt);
            case ROTATED -> new RefreshToken.Rotated(hash, session, user, issuedAt, expiresAt, rotatedAt);
            case REVOKED -> new RefreshToken.Revoked(hash, session, user, issuedAt, expiresAt, revokedAt);
        };
    }
}
