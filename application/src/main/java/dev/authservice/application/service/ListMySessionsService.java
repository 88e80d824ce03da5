package dev.authservice.application.service;

import dev.authservice.application.port.in.ListMySessionsUseCase;
import dev.authservice.application.port.out.RefreshTokenStore;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.token.SessionId;
import dev.authservice.domain.user.UserId;
import java.time.Clock;

public final class ListMySessionsService implements ListMySessionsUseCase {

    private final RefreshTokenStore refreshTokens;
    private final Clock clock;

    public ListMySessionsService(RefreshTokenStore refreshTokens, Clock clock) {
        this.refreshTokens = refreshTokens;
        this.clock = clock;
    }

    @Override
    public Page<SessionView> listSessions(UserId userId, SessionId currentSession, PageRequest page) {
        return refreshTokens.activeSessionsOf(userId, page, clock.instant())
                .map(active -> new SessionView(active, active.session().id().equals(currentSession)));
    }
}
