package dev.authservice.application.service;

import dev.authservice.application.port.in.RevokeUserSessionsUseCase;
import dev.authservice.application.port.out.AuditLog;
import dev.authservice.application.port.out.RefreshTokenStore;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.user.UserId;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

public final class RevokeUserSessionsService implements RevokeUserSessionsUseCase {

    private final UserStore users;
    private final RefreshTokenStore refreshTokens;
    private final AuditLog audit;
    private final Clock clock;

    public RevokeUserSessionsService(UserStore users, RefreshTokenStore refreshTokens, AuditLog audit, Clock clock) {
        this.users = users;
        this.refreshTokens = refreshTokens;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public boolean revokeAllSessions(UserId userId, Requester requester) {
        if (users.findById(userId).isEmpty()) {
            return false;
        }
        Instant now = clock.instant();
        int ended = refreshTokens.revokeSessionsOf(userId, Optional.empty(), RevocationReason.ADMINISTRATOR, now);
        audit.record(SecurityEvent.of(SecurityEventType.SESSION_REVOKED, now, requester)
                .about(userId).detail(RevocationReason.ADMINISTRATOR)
                .endingSessions(RevocationReason.ADMINISTRATOR, ended));
        return true;
    }
}
