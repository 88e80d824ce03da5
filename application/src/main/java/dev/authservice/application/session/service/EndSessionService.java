package dev.authservice.application.session.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.session.port.in.EndSessionUseCase;
import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.session.RevocationReason;
import java.time.Clock;
import java.time.Instant;

public final class EndSessionService implements EndSessionUseCase {

    private final SessionStore sessions;
    private final AuditLog audit;
    private final Clock clock;

    public EndSessionService(SessionStore sessions, AuditLog audit, Clock clock) {
        this.sessions = sessions;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result endSession(Command command) {
        boolean owned = sessions.find(command.sessionId())
                .filter(session -> session.userId().equals(command.userId()))
                .isPresent();
        Instant now = clock.instant();
        if (!owned || !sessions.revoke(command.sessionId(), RevocationReason.SIGNED_OUT, now)) {
            return new Result.NotFound();
        }
        audit.record(SecurityEvent.of(SecurityEventType.SESSION_REVOKED, now, command.requester())
                .about(command.userId()).inSession(command.sessionId()).outcome(AuditOutcome.SIGNED_OUT)
                .endingSessions(RevocationReason.SIGNED_OUT, 1));
        return new Result.Ended();
    }
}
