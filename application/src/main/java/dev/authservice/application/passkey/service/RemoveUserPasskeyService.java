package dev.authservice.application.passkey.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.passkey.port.in.RemoveUserPasskeyUseCase;
import dev.authservice.application.passkey.port.out.PasskeyStore;
import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.session.RevocationReason;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

public final class RemoveUserPasskeyService implements RemoveUserPasskeyUseCase {

    private final UserStore users;
    private final PasskeyStore passkeys;
    private final SessionStore sessions;
    private final AuditLog audit;
    private final Clock clock;

    public RemoveUserPasskeyService(UserStore users, PasskeyStore passkeys, SessionStore sessions, AuditLog audit,
                                    Clock clock) {
        this.users = users;
        this.passkeys = passkeys;
        this.sessions = sessions;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result removeUserPasskey(Command command) {
        if (users.findById(command.userId()).isEmpty()) {
            return new Result.UserNotFound();
        }
        if (!passkeys.remove(command.passkeyId(), command.userId())) {
            return new Result.PasskeyNotFound();
        }
        Instant now = clock.instant();
        int ended = sessions.revokeAllOf(command.userId(), Optional.empty(), RevocationReason.ADMINISTRATOR, now);
        audit.record(SecurityEvent.of(SecurityEventType.PASSKEY_DELETED, now, command.requester())
                .about(command.userId()).outcome(AuditOutcome.ADMINISTRATOR)
                .endingSessions(RevocationReason.ADMINISTRATOR, ended));
        return new Result.Removed();
    }
}
