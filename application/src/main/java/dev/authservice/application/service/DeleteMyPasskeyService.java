package dev.authservice.application.service;

import dev.authservice.application.port.in.DeleteMyPasskeyUseCase;
import dev.authservice.application.port.out.AuditLog;
import dev.authservice.application.port.out.PasskeyStore;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import java.time.Clock;

public final class DeleteMyPasskeyService implements DeleteMyPasskeyUseCase {

    private final PasskeyStore passkeys;
    private final AuditLog audit;
    private final Clock clock;

    public DeleteMyPasskeyService(PasskeyStore passkeys, AuditLog audit, Clock clock) {
        this.passkeys = passkeys;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result deleteMyPasskey(Command command) {
        if (!passkeys.remove(command.passkeyId(), command.ownerId())) {
            return new Result.NotFound();
        }
        audit.record(SecurityEvent.of(SecurityEventType.PASSKEY_DELETED, clock.instant(), command.requester())
                .about(command.ownerId()));
        return new Result.Deleted();
    }
}
