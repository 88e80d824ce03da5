package dev.authservice.application.user.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.notice.service.CredentialChanges.Change;
import dev.authservice.application.user.port.in.SetUserEnabledUseCase;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.session.RevocationReason;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;

public final class SetUserEnabledService implements SetUserEnabledUseCase {

    private final UserStore users;
    private final CredentialChanges changes;
    private final AuditLog audit;
    private final Clock clock;

    public SetUserEnabledService(UserStore users, CredentialChanges changes, AuditLog audit, Clock clock) {
        this.users = users;
        this.changes = changes;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result setUserEnabled(Command command) {
        Instant now = clock.instant();
        if (command.enabled()) {
            if (!users.setEnabled(command.userId(), true)) {
                return new Result.UserNotFound();
            }
            audit.record(SecurityEvent.of(SecurityEventType.USER_ENABLED, now, command.requester())
                    .about(command.userId()));
            return new Result.Done();
        }
        // Disabled first, so that no refresh can start a new token between the revocation and the update.
        OptionalInt ended = changes.makeEndingSessions(
                Change.byAnAdministrator(command.userId(), CredentialChange.ACCOUNT_DISABLED, command.requester(), now),
                Optional.empty(), RevocationReason.USER_DISABLED, () -> users.setEnabled(command.userId(), false));
        if (ended.isEmpty()) {
            return new Result.UserNotFound();
        }
        audit.record(SecurityEvent.of(SecurityEventType.USER_DISABLED, now, command.requester())
                .about(command.userId()).endingSessions(RevocationReason.USER_DISABLED, ended.getAsInt()));
        return new Result.Done();
    }
}
