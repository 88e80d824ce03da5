package dev.authservice.application.secondfactor.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.secondfactor.port.in.EnrolTotpUseCase;
import dev.authservice.application.secondfactor.port.out.SecondFactorStore;
import dev.authservice.application.secondfactor.port.out.SecretSealer;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.secondfactor.TotpSecret;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;

public final class EnrolTotpService implements EnrolTotpUseCase {

    private final SecondFactorStore secondFactors;
    private final SecretSealer sealer;
    private final RandomSource random;
    /** Who the authenticator app says the code is for, beside the account name. */
    private final String issuer;
    private final StepUp stepUp;
    private final AuditLog audit;
    private final Clock clock;

    public EnrolTotpService(SecondFactorStore secondFactors, SecretSealer sealer, RandomSource random, String issuer,
                            StepUp stepUp, AuditLog audit, Clock clock) {
        this.stepUp = stepUp;
        this.secondFactors = secondFactors;
        this.sealer = sealer;
        this.random = random;
        this.issuer = issuer;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result enrolTotp(Command command) {
        Instant now = clock.instant();
        if (stepUp.refuses(command.userId(), command.authenticatedAt(), command.requester(), now)) {
            return new Result.ReauthenticationRequired();
        }
        byte[] bytes = random.bytes(TotpSecret.LENGTH);
        try {
            TotpSecret secret = new TotpSecret(bytes);
            if (!secondFactors.enrol(TotpFactor.enrol(command.userId(), sealer.seal(bytes), now))) {
                return new Result.AlreadyConfirmed();
            }
            audit.record(SecurityEvent.of(SecurityEventType.SECOND_FACTOR_ENROLLED, now, command.requester())
                    .about(command.userId()));
            return new Result.Enrolled(secret.base32(), secret.otpauthUri(issuer, command.username()));
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
    }
}
