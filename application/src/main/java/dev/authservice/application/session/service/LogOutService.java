package dev.authservice.application.session.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.session.port.in.LogOutUseCase;
import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.session.RevocationReason;
import java.time.Clock;
import java.time.Instant;

public final class LogOutService implements LogOutUseCase {

    private final SessionStore sessions;
    private final AuditLog audit;
    private final Clock clock;

    public LogOutService(SessionStore sessions, AuditLog audit, Clock clock) {
        this.sessions = sessions;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result logOut(Command command) {
        Instant now = clock.instant();
        if (sessions.revoke(command.sessionId(), RevocationReason.LOGOUT, now)) {
            SecurityEvent event = SecurityEvent.of(SecurityEventType.LOGGED_OUT, now, command.requester())
                    .inSession(command.sessionId()).endingSessions(RevocationReason.LOGOUT, 1);
            audit.record(command.requester().userId().map(event::about).orElse(event));
        }
        return new Result.LoggedOut();
    }
}
