package dev.authservice.application.service;

import dev.authservice.application.port.in.LogOutUseCase;
import dev.authservice.application.port.out.RefreshTokenStore;
import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.token.SessionId;
import java.time.Clock;

public final class LogOutService implements LogOutUseCase {

    private final RefreshTokenStore refreshTokens;
    private final Clock clock;

    public LogOutService(RefreshTokenStore refreshTokens, Clock clock) {
        this.refreshTokens = refreshTokens;
        this.clock = clock;
    }

    @Override
    public void logOut(SessionId sessionId) {
        refreshTokens.revokeSession(sessionId, RevocationReason.LOGOUT, clock.instant());
    }
}
