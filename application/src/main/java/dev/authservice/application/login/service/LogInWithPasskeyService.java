package dev.authservice.application.login.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.login.port.in.LogInWithPasskeyUseCase;
import dev.authservice.application.passkey.service.PasskeyAssertionCheck;
import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.passkey.AssertionPurpose;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * A login with a passkey alone. Counted by the login throttle like a password, under its user's name and the client's
 * address, once the passkey names the user: a wrong signature cannot be guessed into a right one, but a client that
 * keeps sending refused assertions is held back as one that keeps sending wrong passwords is.
 */
public final class LogInWithPasskeyService implements LogInWithPasskeyUseCase {

    private final UserStore users;
    private final LoginAttemptLog attempts;
    private final PasskeyAssertionCheck check;
    private final SessionStart sessionStart;
    private final AuditLog audit;
    private final Clock clock;

    public LogInWithPasskeyService(UserStore users, LoginAttemptLog attempts, PasskeyAssertionCheck check,
                                   SessionStart sessionStart, AuditLog audit, Clock clock) {
        this.users = users;
        this.attempts = attempts;
        this.check = check;
        this.sessionStart = sessionStart;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result logInWithPasskey(Command command) {
        Instant now = clock.instant();
        SecurityEvent failed = SecurityEvent.of(SecurityEventType.PASSKEY_LOGIN_FAILED, now, command.requester());
        return check.identify(command.assertion(), Optional.empty(), now).match(
                found -> users.findById(found.passkey().ownerId())
                        .map(user -> logIn(command, found, user, failed.about(user.id()), now))
                        .orElseGet(() -> refused(failed, AuditOutcome.UNKNOWN_PASSKEY)),
                notAnAssertion -> new Result.Malformed(),
                refused -> {
                    audit.record(failed.outcome(refused.why()));
                    return refused.why() == AuditOutcome.UNKNOWN_PASSKEY ? new Result.Refused()
                            : new Result.ChallengeRefused();
                });
    }

    private Result logIn(Command command, PasskeyAssertionCheck.Identified.Found found, UserAccount user,
                         SecurityEvent failed, Instant now) {
        Requester requester = command.requester();
        LoginAttemptKey key = LoginAttemptKey.of(user.username(), requester.clientAddress());
        Optional<Duration> wait = attempts.tryAttempt(key, now);
        if (wait.isPresent()) {
            audit.record(SecurityEvent.of(SecurityEventType.LOGIN_THROTTLED, now, requester).about(user.id()));
            return new Result.Throttled(wait.get());
        }
        if (!user.enabled()) {
            return refused(failed, AuditOutcome.ACCOUNT_DISABLED);
        }
        Optional<AuditOutcome> refusal = check.verify(command.assertion(), found, AssertionPurpose.LOG_IN, now);
        if (refusal.isPresent()) {
            return refused(failed, refusal.get());
        }
        attempts.clear(key);
        audit.record(SecurityEvent.of(SecurityEventType.PASSKEY_LOGIN_SUCCEEDED, now, requester).about(user.id()));
        // No password was checked: the one read now stands for it, so that a password change or a disable racing
        // this login ends its session too, as it ends every other.
        return sessionStart.start(user, user.passwordHash(), AuthenticationMethods.passkey(found.passkey()),
                        requester, now)
                .<Result>map(Result.LoggedIn::new)
                .orElseGet(Result.Refused::new);
    }

    private Result refused(SecurityEvent failed, AuditOutcome why) {
        audit.record(failed.outcome(why));
        return new Result.Refused();
    }
}
