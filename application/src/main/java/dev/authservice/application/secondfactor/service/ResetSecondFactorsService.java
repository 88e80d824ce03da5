package dev.authservice.application.secondfactor.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.notice.service.CredentialChanges.Change;
import dev.authservice.application.secondfactor.port.in.ResetSecondFactorsUseCase;
import dev.authservice.application.secondfactor.port.out.SecondFactorStore;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.session.RevocationReason;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

public final class ResetSecondFactorsService implements ResetSecondFactorsUseCase {

    private final UserStore users;
    private final SecondFactorStore secondFactors;
    private final CredentialChanges changes;
    private final AuditLog audit;
    private final Clock clock;

    public ResetSecondFactorsService(UserStore users, SecondFactorStore secondFactors, CredentialChanges changes,
                                     AuditLog audit, Clock clock) {
        this.users = users;
        this.secondFactors = secondFactors;
        this.changes = changes;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result resetSecondFactors(Command command) {
        if (users.findById(command.userId()).isEmpty()) {
            return new Result.UserNotFound();
        }
        Instant now = clock.instant();
        // Recorded whether or not there was one: the administrator's act is what the trail keeps. A reset answers a
        // lost or stolen factor, so every session ends with it: one started with the stolen factor included.
        int ended = changes.makeEndingSessions(Change.byAnAdministrator(command.userId(),
                        CredentialChange.SECOND_FACTORS_RESET, command.requester(), now),
                Optional.empty(), RevocationReason.ADMINISTRATOR, () -> {
                    secondFactors.remove(command.userId());
                    return true;
                }).getAsInt();
        audit.record(SecurityEvent.of(SecurityEventType.SECOND_FACTOR_REMOVED, now, command.requester())
                .about(command.userId()).outcome(AuditOutcome.ADMINISTRATOR)
                .endingSessions(RevocationReason.ADMINISTRATOR, ended));
        return new Result.Reset();
    }
}
