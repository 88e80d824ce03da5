package dev.authservice.application.service;

import dev.authservice.application.port.in.RemoveTotpUseCase;
import dev.authservice.application.port.out.AuditLog;
import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.application.port.out.PasswordHasher;
import dev.authservice.application.port.out.SecondFactorStore;
import dev.authservice.application.port.out.SecretSealer;
import dev.authservice.application.port.out.TotpCodes;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.secondfactor.TotpCode;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

public final class RemoveTotpService implements RemoveTotpUseCase {

    private final UserStore users;
    private final PasswordHasher hasher;
    private final LoginAttemptLog attempts;
    private final SecondFactorStore secondFactors;
    private final TotpVerification verification;
    private final AuditLog audit;
    private final Clock clock;

    public RemoveTotpService(UserStore users, PasswordHasher hasher, LoginAttemptLog attempts,
                             SecondFactorStore secondFactors, SecretSealer sealer, TotpCodes codes, AuditLog audit,
                             Clock clock) {
        this.users = users;
        this.hasher = hasher;
        this.attempts = attempts;
        this.secondFactors = secondFactors;
        this.verification = new TotpVerification(sealer, codes);
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result removeTotp(Command command) {
        Instant now = clock.instant();
        SecurityEvent failed = SecurityEvent.of(SecurityEventType.SECOND_FACTOR_FAILED, now, command.requester())
                .about(command.userId());
        Optional<UserAccount> user = users.findById(command.userId()).filter(UserAccount::enabled);
        Optional<TotpFactor> factor = secondFactors.totpOf(command.userId());
        if (user.isEmpty() || factor.isEmpty()) {
            audit.record(failed.outcome(user.isEmpty() ? AuditOutcome.ACCOUNT_DISABLED : AuditOutcome.NOT_ENROLLED));
            return new Result.NotEnrolled();
        }
        // A proof is guessed like a login, so it is throttled like one, under the same key.
        LoginAttemptKey key = LoginAttemptKey.of(user.get().username(), command.requester().clientAddress());
        Optional<Duration> wait = attempts.tryAttempt(key, now);
        if (wait.isPresent()) {
            audit.record(failed.outcome(AuditOutcome.THROTTLED));
            return new Result.Throttled(wait.get());
        }
        boolean proven = command.code().map(code -> codeIsRight(factor.get(), code, now))
                .orElseGet(() -> hasher.verify(command.password().orElseThrow(), user.get().passwordHash()));
        if (!proven) {
            audit.record(failed.outcome(command.code().isPresent() ? AuditOutcome.WRONG_CODE
                    : AuditOutcome.WRONG_PASSWORD));
            return new Result.WrongProof();
        }
        attempts.clear(key);
        secondFactors.remove(command.userId());
        audit.record(SecurityEvent.of(SecurityEventType.SECOND_FACTOR_REMOVED, now, command.requester())
                .about(command.userId()));
        return new Result.Removed();
    }

    /** A code of a confirmed TOTP is used up like any other, so that one watched being typed cannot remove it. */
    private boolean codeIsRight(TotpFactor factor, TotpCode code, Instant now) {
        return verification.check(factor, code, now).match(
                accepted -> !(factor instanceof TotpFactor.Confirmed confirmed)
                        || secondFactors.accept(confirmed, accepted.next()),
                refused -> false);
    }
}
