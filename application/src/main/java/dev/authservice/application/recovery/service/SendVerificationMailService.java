package dev.authservice.application.recovery.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.recovery.port.in.SendVerificationMailUseCase;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.application.user.service.EmailVerificationMail;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.recovery.ResetRequestKey;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Mails the logged-in user's unverified address a new link, within the limits on requests that send mail
 * ({@link RequestAdmission}), counted under the account and the client's network.
 */
public final class SendVerificationMailService implements SendVerificationMailUseCase {

    private final UserStore users;
    private final RequestAdmission admission;
    private final EmailVerificationMail verification;
    private final AuditLog audit;
    private final Clock clock;

    public SendVerificationMailService(UserStore users, RequestAdmission admission,
                                       EmailVerificationMail verification, AuditLog audit, Clock clock) {
        this.users = Objects.requireNonNull(users);
        this.admission = Objects.requireNonNull(admission);
        this.verification = Objects.requireNonNull(verification);
        this.audit = Objects.requireNonNull(audit);
        this.clock = Objects.requireNonNull(clock);
    }

    @Override
    public Result sendVerificationMail(Command command) {
        UserAccount user = users.findById(command.userId())
                .orElseThrow(() -> new IllegalStateException("the user of a live session is gone"));
        Optional<AccountEmail> email = user.email();
        if (email.isEmpty()) {
            return new Result.NoAddress();
        }
        if (email.get().verified()) {
            return new Result.AlreadyVerified();
        }
        Instant now = clock.instant();
        SecurityEvent mailed = SecurityEvent.of(SecurityEventType.EMAIL_VERIFICATION_MAILED, now, command.requester())
                .about(user.id());
        Optional<Duration> wait = admission.admit(
                ResetRequestKey.ofVerificationMail(user.id(), command.requester().clientAddress()), now);
        if (wait.isPresent()) {
            audit.record(mailed.outcome(AuditOutcome.THROTTLED));
            return new Result.Throttled(wait.get());
        }
        verification.send(user, email.get().address());
        audit.record(mailed);
        return new Result.Sent();
    }
}
