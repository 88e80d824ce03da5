package dev.authservice.application.secondfactor.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.notice.service.CredentialChanges.Change;
import dev.authservice.application.secondfactor.port.in.ConfirmTotpUseCase;
import dev.authservice.application.secondfactor.port.out.SecondFactorStore;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.TotpFactor;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

public final class ConfirmTotpService implements ConfirmTotpUseCase {

    private final SecondFactorStore secondFactors;
    private final SecondFactorCheck verification;
    private final CredentialChanges changes;
    private final RandomSource random;
    private final StepUp stepUp;
    private final AuditLog audit;
    private final Clock clock;

    public ConfirmTotpService(SecondFactorStore secondFactors, SecondFactorCheck verification,
                              CredentialChanges changes, RandomSource random, StepUp stepUp, AuditLog audit, Clock clock) {
        this.secondFactors = secondFactors;
        this.verification = verification;
        this.changes = changes;
        this.stepUp = stepUp;
        this.random = random;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result confirmTotp(Command command) {
        Instant now = clock.instant();
        if (stepUp.refuses(command.userId(), command.authenticatedAt(), command.requester(), now)) {
            return new Result.ReauthenticationRequired();
        }
        SecurityEvent failed = SecurityEvent.of(SecurityEventType.SECOND_FACTOR_FAILED, now, command.requester())
                .about(command.userId());
        Optional<TotpFactor.Pending> pending = secondFactors.totpOf(command.userId())
                .filter(TotpFactor.Pending.class::isInstance).map(TotpFactor.Pending.class::cast);
        if (pending.isEmpty()) {
            audit.record(failed.outcome(AuditOutcome.NOT_ENROLLED));
            return new Result.NothingToConfirm();
        }
        return verification.check(pending.get(), command.code(), now).match(
                accepted -> {
                    List<RecoveryCode> recoveryCodes = RecoveryCodes.fresh(random);
                    if (!changes.make(Change.byTheUser(command.userId(), CredentialChange.TOTP_TURNED_ON,
                                    command.requester(), now),
                            () -> secondFactors.confirm(pending.get(), accepted.next(),
                                    RecoveryCodes.hashes(recoveryCodes)))) {
                        // Replaced by a new enrolment, or confirmed by a concurrent request, since it was read.
                        audit.record(failed.outcome(AuditOutcome.NOT_ENROLLED));
                        return new Result.NothingToConfirm();
                    }
                    audit.record(SecurityEvent.of(SecurityEventType.SECOND_FACTOR_CONFIRMED, now,
                            command.requester()).about(command.userId()));
                    return new Result.Confirmed(RecoveryCodes.shown(recoveryCodes));
                },
                refused -> {
                    audit.record(failed.outcome(AuditOutcome.WRONG_CODE));
                    return new Result.WrongCode();
                });
    }
}
