package dev.authservice.application.service;

import dev.authservice.application.port.in.SetUserEnabledUseCase;
import dev.authservice.application.port.out.RefreshTokenStore;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.user.UserId;
import java.time.Clock;
import java.util.Optional;

public final class SetUserEnabledService implements SetUserEnabledUseCase {

    private final UserStore users;
    private final RefreshTokenStore refreshTokens;
    private final Clock clock;

    public SetUserEnabledService(UserStore users, RefreshTokenStore refreshTokens, Clock clock) {
        this.users = users;
        this.refreshTokens = refreshTokens;
        this.clock = clock;
    }

    @Override
    public boolean setEnabled(UserId userId, boolean enabled) {
        if (!users.setEnabled(userId, enabled)) {
            return false;
        }
        if (!enabled) {
            // Disabled first, so that no refresh can start a new token between the revocation and the update.
            refreshTokens.revokeSessionsOf(userId, Optional.empty(), RevocationReason.USER_DISABLED, clock.instant());
        }
        return true;
    }
}
