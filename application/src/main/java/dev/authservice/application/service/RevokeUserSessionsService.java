package dev.authservice.application.service;

import dev.authservice.application.port.in.RevokeUserSessionsUseCase;
import dev.authservice.application.port.out.RefreshTokenStore;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.user.UserId;
import java.time.Clock;
import java.util.Optional;

public final class RevokeUserSessionsService implements RevokeUserSessionsUseCase {

    private final UserStore users;
    private final RefreshTokenStore refreshTokens;
    private final Clock clock;

    public RevokeUserSessionsService(UserStore users, RefreshTokenStore refreshTokens, Clock clock) {
        this.users = users;
        this.refreshTokens = refreshTokens;
        this.clock = clock;
    }

    @Override
    public boolean revokeAllSessions(UserId userId) {
        if (users.findById(userId).isEmpty()) {
            return false;
        }
        refreshTokens.revokeSessionsOf(userId, Optional.empty(), RevocationReason.ADMINISTRATOR, clock.instant());
        return true;
    }
}
