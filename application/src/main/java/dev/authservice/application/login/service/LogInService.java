package dev.authservice.application.login.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.login.port.in.LogInUseCase;
import dev.authservice.application.secondfactor.service.SecondFactorCheck;
import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.application.user.service.PasswordCheck;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

public final class LogInService implements LogInUseCase {

    private final PasswordCheck passwords;
    private final LoginAttemptLog attempts;
    private final SecondFactorCheck secondFactors;
    private final PendingLoginTickets tickets;
    private final SessionStart sessionStart;
    private final AuditLog audit;
    private final Clock clock;

    public LogInService(PasswordCheck passwords, LoginAttemptLog attempts, SecondFactorCheck secondFactors,
                        PendingLoginTickets tickets, SessionStart sessionStart, AuditLog audit, Clock clock) {
        this.passwords = passwords;
        this.attempts = attempts;
        this.secondFactors = secondFactors;
        this.tickets = tickets;
        this.sessionStart = sessionStart;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result logIn(Command command) {
        Instant now = clock.instant();
        Requester requester = command.requester();
        LoginAttemptKey key = LoginAttemptKey.of(command.credentials().username(), requester.clientAddress());
        // Counted before the password is checked, so that a burst of parallel guesses cannot slip past the limit.
        Optional<Duration> wait = attempts.tryAttempt(key, now);
        if (wait.isPresent()) {
            audit.record(SecurityEvent.of(SecurityEventType.LOGIN_THROTTLED, now, requester));
            return new Result.Throttled(wait.get());
        }
        SecurityEvent failed = SecurityEvent.of(SecurityEventType.LOGIN_FAILED, now, requester);
        // Why, for the audit trail only: the client gets the same answer for each.
        return passwords.check(command.credentials()).match(
                unknownUser -> refused(failed.outcome(AuditOutcome.UNKNOWN_USER)),
                wrongPassword -> refused(failed.about(wrongPassword.user().id()).outcome(AuditOutcome.WRONG_PASSWORD)),
                disabled -> refused(failed.about(disabled.user().id()).outcome(AuditOutcome.ACCOUNT_DISABLED)),
                proven -> loggedIn(proven.user(), proven.checked(), key, requester, now));
    }

    private Result refused(SecurityEvent failed) {
        audit.record(failed);
        return new Result.InvalidCredentials();
    }

    private Result loggedIn(UserAccount user, PasswordHash checked, LoginAttemptKey key, Requester requester,
                            Instant now) {
        if (user.isPending()) {
            // After the right password only: someone without it learns nothing of the account.
            audit.record(SecurityEvent.of(SecurityEventType.LOGIN_FAILED, now, requester).about(user.id())
                    .outcome(AuditOutcome.EMAIL_NOT_VERIFIED));
            return new Result.EmailNotVerified();
        }
        Optional<TotpFactor.Confirmed> totp = secondFactors.confirmedTotpOf(user.id());
        if (totp.isPresent()) {
            // Not cleared yet: wrong codes count toward the throttle like wrong passwords, until the login completes.
            return awaitSecondFactor(user, checked, !totp.get().wrongCodes().exhausted(), requester, now);
        }
        attempts.clear(key);
        return sessionStart.start(user, checked, AuthenticationMethods.PASSWORD, requester, now)
                .<Result>map(Result.LoggedIn::new)
                .orElseGet(Result.InvalidCredentials::new);
    }

    private Result awaitSecondFactor(UserAccount user, PasswordHash checked, boolean codesUsable, Requester requester,
                                     Instant now) {
        PendingLoginTickets.Opened opened = tickets.open(user, checked, codesUsable, now);
        audit.record(SecurityEvent.of(SecurityEventType.SECOND_FACTOR_REQUIRED, now, requester).about(user.id()));
        return new Result.SecondFactorRequired(opened.ticket(), opened.methods(), opened.lifetime());
    }
}
