package dev.authservice.application.user.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.application.user.port.in.RevokeUserSessionsUseCase;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.session.RevocationReason;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

public final class RevokeUserSessionsService implements RevokeUserSessionsUseCase {

    private final UserStore users;
    private final SessionStore sessions;
    private final AuditLog audit;
    private final Clock clock;

    public RevokeUserSessionsService(UserStore users, SessionStore sessions, AuditLog audit, Clock clock) {
        this.users = users;
        this.sessions = sessions;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result revokeUserSessions(Command command) {
        if (users.findById(command.userId()).isEmpty()) {
            return new Result.UserNotFound();
        }
        Instant now = clock.instant();
        int ended = sessions.revokeAllOf(command.userId(), Optional.empty(), RevocationReason.ADMINISTRATOR, now);
        audit.record(SecurityEvent.of(SecurityEventType.SESSION_REVOKED, now, command.requester())
                .about(command.userId()).outcome(AuditOutcome.ADMINISTRATOR)
                .endingSessions(RevocationReason.ADMINISTRATOR, ended));
        return new Result.Revoked(ended);
    }
}
