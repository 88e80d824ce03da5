package dev.authservice.application.secondfactor.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.notice.service.CredentialChanges.Change;
import dev.authservice.application.secondfactor.port.in.RemoveTotpUseCase;
import dev.authservice.application.secondfactor.port.out.SecondFactorStore;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.notice.CredentialChange;
import java.time.Clock;
import java.time.Instant;

public final class RemoveTotpService implements RemoveTotpUseCase {

    private final SecondFactorStore secondFactors;
    private final CredentialChanges changes;
    private final StepUp stepUp;
    private final AuditLog audit;
    private final Clock clock;

    public RemoveTotpService(SecondFactorStore secondFactors, CredentialChanges changes, StepUp stepUp, AuditLog audit, Clock clock) {
        this.secondFactors = secondFactors;
        this.changes = changes;
        this.stepUp = stepUp;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result removeTotp(Command command) {
        Instant now = clock.instant();
        if (stepUp.refuses(command.userId(), command.authenticatedAt(), command.requester(), now)) {
            return new Result.ReauthenticationRequired();
        }
        if (!changes.make(Change.byTheUser(command.userId(), CredentialChange.TOTP_TURNED_OFF, command.requester(), now),
                () -> secondFactors.remove(command.userId()))) {
            audit.record(SecurityEvent.of(SecurityEventType.SECOND_FACTOR_FAILED, now, command.requester())
                    .about(command.userId()).outcome(AuditOutcome.NOT_ENROLLED));
            return new Result.NotEnrolled();
        }
        audit.record(SecurityEvent.of(SecurityEventType.SECOND_FACTOR_REMOVED, now, command.requester())
                .about(command.userId()));
        return new Result.Removed();
    }
}
