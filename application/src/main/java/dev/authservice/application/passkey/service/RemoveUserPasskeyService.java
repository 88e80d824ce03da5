package dev.authservice.application.passkey.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.notice.service.CredentialChanges.Change;
import dev.authservice.application.passkey.port.in.RemoveUserPasskeyUseCase;
import dev.authservice.application.passkey.port.out.PasskeyStore;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.session.RevocationReason;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;

public final class RemoveUserPasskeyService implements RemoveUserPasskeyUseCase {

    private final UserStore users;
    private final PasskeyStore passkeys;
    private final CredentialChanges changes;
    private final AuditLog audit;
    private final Clock clock;

    public RemoveUserPasskeyService(UserStore users, PasskeyStore passkeys, CredentialChanges changes, AuditLog audit,
                                    Clock clock) {
        this.users = users;
        this.passkeys = passkeys;
        this.changes = changes;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result removeUserPasskey(Command command) {
        if (users.findById(command.userId()).isEmpty()) {
            return new Result.UserNotFound();
        }
        Instant now = clock.instant();
        OptionalInt ended = changes.makeEndingSessions(Change.byAnAdministrator(command.userId(),
                        CredentialChange.PASSKEY_REMOVED, command.requester(), now),
                Optional.empty(), RevocationReason.ADMINISTRATOR,
                () -> passkeys.remove(command.passkeyId(), command.userId()));
        if (ended.isEmpty()) {
            return new Result.PasskeyNotFound();
        }
        audit.record(SecurityEvent.of(SecurityEventType.PASSKEY_DELETED, now, command.requester())
                .about(command.userId()).outcome(AuditOutcome.ADMINISTRATOR)
                .endingSessions(RevocationReason.ADMINISTRATOR, ended.getAsInt()));
        return new Result.Removed();
    }
}
