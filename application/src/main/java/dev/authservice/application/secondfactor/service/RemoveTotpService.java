package dev.authservice.application.secondfactor.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.secondfactor.port.in.RemoveTotpUseCase;
import dev.authservice.application.secondfactor.port.out.SecondFactorStore;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import java.time.Clock;
import java.time.Instant;

public final class RemoveTotpService implements RemoveTotpUseCase {

    private final SecondFactorStore secondFactors;
    private final StepUp stepUp;
    private final AuditLog audit;
    private final Clock clock;

    public RemoveTotpService(SecondFactorStore secondFactors, StepUp stepUp, AuditLog audit, Clock clock) {
        this.secondFactors = secondFactors;
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
        if (!secondFactors.remove(command.userId())) {
            audit.record(SecurityEvent.of(SecurityEventType.SECOND_FACTOR_FAILED, now, command.requester())
                    .about(command.userId()).outcome(AuditOutcome.NOT_ENROLLED));
            return new Result.NotEnrolled();
        }
        audit.record(SecurityEvent.of(SecurityEventType.SECOND_FACTOR_REMOVED, now, command.requester())
                .about(command.userId()));
        return new Result.Removed();
    }
}
