package dev.authservice.application.service;

import dev.authservice.application.port.in.LogOutUseCase;
import dev.authservice.application.port.out.AuditLog;
import dev.authservice.application.port.out.RefreshTokenStore;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.token.SessionId;
import java.time.Clock;
import java.time.Instant;

public final class LogOutService implements LogOutUseCase {

    private final RefreshTokenStore refreshTokens;
    private final AuditLog audit;
    private final Clock clock;

    public LogOutService(RefreshTokenStore refreshTokens, AuditLog audit, Clock clock) {
        this.refreshTokens = refreshTokens;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public void logOut(SessionId sessionId, Requester requester) {
        Instant now = clock.instant();
        if (refreshTokens.revokeSession(sessionId, RevocationReason.LOGOUT, now)) {
            SecurityEvent event = SecurityEvent.of(SecurityEventType.LOGGED_OUT, now, requester).inSession(sessionId)
                    .endingSessions(RevocationReason.LOGOUT, 1);
            audit.record(requester.userId().map(event::about).orElse(event));
        }
    }
}
