package dev.authservice.application.user.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.application.user.port.in.SetUserEnabledUseCase;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.session.RevocationReason;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

public final class SetUserEnabledService implements SetUserEnabledUseCase {

    private final UserStore users;
    private final SessionStore sessions;
    private final AuditLog audit;
    private final Clock clock;

    public SetUserEnabledService(UserStore users, SessionStore sessions, AuditLog audit, Clock clock) {
        this.users = users;
        this.sessions = sessions;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result setUserEnabled(Command command) {
        if (!users.setEnabled(command.userId(), command.enabled())) {
            return new Result.UserNotFound();
        }
        Instant now = clock.instant();
        if (command.enabled()) {
            audit.record(SecurityEvent.of(SecurityEventType.USER_ENABLED, now, command.requester())
                    .about(command.userId()));
            return new Result.Done();
        }
        // Disabled first, so that no refresh can start a new token between the revocation and the update.
        int ended = sessions.revokeAllOf(command.userId(), Optional.empty(), RevocationReason.USER_DISABLED, now);
        audit.record(SecurityEvent.of(SecurityEventType.USER_DISABLED, now, command.requester())
                .about(command.userId()).endingSessions(RevocationReason.USER_DISABLED, ended));
        return new Result.Done();
    }
}
