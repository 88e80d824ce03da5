package dev.authservice.application.secondfactor.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.notice.service.CredentialChanges.Change;
import dev.authservice.application.secondfactor.port.in.RenewRecoveryCodesUseCase;
import dev.authservice.application.secondfactor.port.out.SecondFactorStore;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.TotpFactor;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

public final class RenewRecoveryCodesService implements RenewRecoveryCodesUseCase {

    private final SecondFactorStore secondFactors;
    private final CredentialChanges changes;
    private final RandomSource random;
    private final StepUp stepUp;
    private final AuditLog audit;
    private final Clock clock;

    public RenewRecoveryCodesService(SecondFactorStore secondFactors, CredentialChanges changes, RandomSource random, StepUp stepUp,
                                     AuditLog audit, Clock clock) {
        this.secondFactors = secondFactors;
        this.changes = changes;
        this.random = random;
        this.stepUp = stepUp;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result renewRecoveryCodes(Command command) {
        Instant now = clock.instant();
        if (stepUp.refuses(command.userId(), command.authenticatedAt(), command.requester(), now)) {
            return new Result.ReauthenticationRequired();
        }
        Optional<TotpFactor.Confirmed> held = secondFactors.totpOf(command.userId())
                .filter(TotpFactor.Confirmed.class::isInstance).map(TotpFactor.Confirmed.class::cast);
        List<RecoveryCode> recoveryCodes = RecoveryCodes.fresh(random);
        // Removed or replaced since it was read: the codes would belong to a TOTP that is not in effect.
        if (held.isEmpty() || !changes.make(Change.byTheUser(command.userId(), CredentialChange.RECOVERY_CODES_RENEWED,
                        command.requester(), now),
                () -> secondFactors.renewRecoveryCodes(held.get(), RecoveryCodes.hashes(recoveryCodes)))) {
            return new Result.NotEnrolled();
        }
        audit.record(SecurityEvent.of(SecurityEventType.RECOVERY_CODES_RENEWED, now, command.requester())
                .about(command.userId()));
        return new Result.Renewed(RecoveryCodes.shown(recoveryCodes));
    }
}
