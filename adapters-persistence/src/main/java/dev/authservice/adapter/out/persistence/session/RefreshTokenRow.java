package dev.authservice.adapter.out.persistence.session;

import dev.authservice.domain.session.RefreshToken;
import dev.authservice.domain.session.RefreshTokenHash;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserId;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;
import java.util.Optional;
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
        @Nullable Instant repeatedAt) {

    /** Tokens are inserted active; a rotation, and a repeat of it, are the updates of the repository. */
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
            case ROTATED -> new RefreshToken.Rotated(hash, session, user, issuedAt, expiresAt, rotatedAt,
                    Optional.ofNullable(repeatedAt));
        };
    }
}
