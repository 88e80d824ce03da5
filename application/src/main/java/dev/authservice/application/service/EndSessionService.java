package dev.authservice.application.service;

import dev.authservice.application.port.in.EndSessionUseCase;
import dev.authservice.application.port.out.RefreshTokenStore;
import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.token.SessionId;
import dev.authservice.domain.user.UserId;
import java.time.Clock;

public final class EndSessionService implements EndSessionUseCase {

    private final RefreshTokenStore refreshTokens;
    private final Clock clock;

    public EndSessionService(RefreshTokenStore refreshTokens, Clock clock) {
        this.refreshTokens = refreshTokens;
        this.clock = clock;
    }

    @Override
    public boolean endSession(UserId userId, SessionId sessionId) {
        boolean owned = refreshTokens.findSession(sessionId)
                .filter(session -> session.userId().equals(userId))
                .isPresent();
        return owned && refreshTokens.revokeSession(sessionId, RevocationReason.SIGNED_OUT, clock.instant());
    }
}
