package dev.authservice.application.service;

import dev.authservice.application.port.in.EndSessionUseCase;
import dev.authservice.application.port.out.AuditLog;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserId;
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
    public boolean endSession(UserId userId, SessionId sessionId, Requester requester) {
        boolean owned = sessions.find(sessionId)
                .filter(session -> session.userId().equals(userId))
                .isPresent();
        Instant now = clock.instant();
        if (!owned || !sessions.revoke(sessionId, RevocationReason.SIGNED_OUT, now)) {
            return false;
        }
        audit.record(SecurityEvent.of(SecurityEventType.SESSION_REVOKED, now, requester)
                .about(userId).inSession(sessionId).outcome(AuditOutcome.SIGNED_OUT)
                .endingSessions(RevocationReason.SIGNED_OUT, 1));
        return true;
    }
}
