package dev.authservice.application.passkey.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.notice.service.CredentialChanges.Change;
import dev.authservice.application.passkey.port.in.DeleteMyPasskeyUseCase;
import dev.authservice.application.passkey.port.out.PasskeyStore;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.notice.CredentialChange;
import java.time.Clock;
import java.time.Instant;

public final class DeleteMyPasskeyService implements DeleteMyPasskeyUseCase {

    private final PasskeyStore passkeys;
    private final CredentialChanges changes;
    private final StepUp stepUp;
    private final AuditLog audit;
    private final Clock clock;

    public DeleteMyPasskeyService(PasskeyStore passkeys, CredentialChanges changes, StepUp stepUp, AuditLog audit, Clock clock) {
        this.passkeys = passkeys;
        this.changes = changes;
        this.stepUp = stepUp;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result deleteMyPasskey(Command command) {
        Instant now = clock.instant();
        if (stepUp.refuses(command.ownerId(), command.authenticatedAt(), command.requester(), now)) {
            return new Result.ReauthenticationRequired();
        }
        if (!changes.make(Change.byTheUser(command.ownerId(), CredentialChange.PASSKEY_REMOVED, command.requester(), now),
                () -> passkeys.remove(command.passkeyId(), command.ownerId()))) {
            return new Result.NotFound();
        }
        audit.record(SecurityEvent.of(SecurityEventType.PASSKEY_DELETED, now, command.requester())
                .about(command.ownerId()));
        return new Result.Deleted();
    }
}
