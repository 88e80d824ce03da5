package dev.authservice.application.login.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.login.port.in.ReauthenticateUseCase;
import dev.authservice.application.passkey.service.PasskeyAssertionCheck;
import dev.authservice.application.secondfactor.service.SecondFactorCheck;
import dev.authservice.application.session.service.SessionReauthentication;
import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.passkey.AssertionPurpose;
import dev.authservice.domain.secondfactor.SecondFactorMethod;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

public final class ReauthenticateService implements ReauthenticateUseCase {

    private final UserStore users;
    private final PasswordHasher hasher;
    private final LoginAttemptLog attempts;
    private final SecondFactorCheck secondFactors;
    private final Optional<PasskeyAssertionCheck> passkeyCheck;
    private final SessionReauthentication renewal;
    private final AuditLog audit;
    private final Clock clock;

    /** @param passkeyCheck empty where passkeys are off: then no passkey proves anything */
    public ReauthenticateService(UserStore users, PasswordHasher hasher, LoginAttemptLog attempts,
                                 SecondFactorCheck secondFactors, Optional<PasskeyAssertionCheck> passkeyCheck,
                                 SessionReauthentication renewal, AuditLog audit, Clock clock) {
        this.users = users;
        this.hasher = hasher;
        this.attempts = attempts;
        this.secondFactors = secondFactors;
        this.passkeyCheck = passkeyCheck;
        this.renewal = renewal;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result reauthenticate(Command command) {
        Instant now = clock.instant();
        Attempt attempt = new Attempt(command, now);
        Optional<UserAccount> user = users.findById(command.userId()).filter(UserAccount::enabled);
        if (user.isEmpty()) {
            return attempt.refused(AuditOutcome.ACCOUNT_DISABLED, new Result.SessionEnded());
        }
        // Counted before anything is checked, so that a burst of parallel guesses cannot slip past the limit.
        Optional<Duration> wait = attempts.tryAttempt(keyOf(user.get(), command), now);
        if (wait.isPresent()) {
            return attempt.refused(AuditOutcome.THROTTLED, new Result.Throttled(wait.get()));
        }
        return command.passkey().map(assertion -> withPasskey(attempt, user.get(), assertion))
                .orElseGet(() -> withPassword(attempt, user.get()));
    }

    /** A proof is guessed like a login, so it is throttled like one, under the same key. */
    private static LoginAttemptKey keyOf(UserAccount user, Command command) {
        return LoginAttemptKey.of(user.username(), command.requester().clientAddress());
    }

    private Result withPasskey(Attempt attempt, UserAccount user, String assertion) {
        if (passkeyCheck.isEmpty()) {
            return attempt.wrong(AuditOutcome.UNKNOWN_CHALLENGE);
        }
        PasskeyAssertionCheck check = passkeyCheck.get();
        return check.identify(assertion, Optional.empty(), attempt.now).match(
                found -> {
                    if (!found.passkey().ownerId().equals(user.id())) {
                        return attempt.wrong(AuditOutcome.UNKNOWN_PASSKEY);
                    }
                    return check.verify(assertion, found, AssertionPurpose.LOG_IN, attempt.now)
                            .map(attempt::wrong)
                            .orElseGet(() -> reauthenticated(attempt, user,
                                    AuthenticationMethods.passkey(found.passkey()), AuditOutcome.PASSKEY));
                },
                notAnAssertion -> attempt.wrong(AuditOutcome.VERIFICATION_FAILED),
                refused -> attempt.wrong(refused.why()));
    }

    /** The password, and the second factor if the user's TOTP is in effect, as a login takes them. */
    private Result withPassword(Attempt attempt, UserAccount user) {
        Command command = attempt.command;
        if (!hasher.verify(command.password().orElseThrow(), user.passwordHash())) {
            return attempt.wrong(AuditOutcome.WRONG_PASSWORD);
        }
        Optional<TotpFactor.Confirmed> factor = secondFactors.confirmedTotpOf(user.id());
        if (factor.isEmpty()) {
            return reauthenticated(attempt, user, AuthenticationMethods.PASSWORD, null);
        }
        if (command.code().isPresent()) {
            return secondFactors.attempt(factor.get(), command.code().get(), attempt.now).match(
                    accepted -> secondFactors.accept(accepted)
                            ? reauthenticated(attempt, user, AuthenticationMethods.PASSWORD_AND_TOTP,
                                    AuditOutcome.TOTP_CODE)
                            : attempt.wrong(AuditOutcome.REPLAYED_CODE),
                    refused -> attempt.wrong(refused.why() == TotpFactor.Refusal.REPLAYED
                            ? AuditOutcome.REPLAYED_CODE : AuditOutcome.WRONG_CODE),
                    wait -> attempt.refused(AuditOutcome.WRONG_CODES_IN_A_ROW,
                            new Result.Throttled(wait.retryAfter())),
                    exhausted -> attempt.refused(AuditOutcome.WRONG_CODES_EXHAUSTED, new Result.TotpLocked()));
        }
        if (command.recoveryCode().isPresent()) {
            return secondFactors.useRecoveryCode(user.id(), command.recoveryCode().get().hash())
                    ? reauthenticated(attempt, user, AuthenticationMethods.PASSWORD_AND_RECOVERY_CODE,
                            AuditOutcome.RECOVERY_CODE)
                    : attempt.wrong(AuditOutcome.WRONG_CODE);
        }
        return attempt.refused(AuditOutcome.SECOND_FACTOR_MISSING, new Result.SecondFactorRequired(
                SecondFactorMethod.offeredTo(!factor.get().wrongCodes().exhausted(), false)));
    }

    /** @param by the second factor or passkey that proved it; null for a password alone */
    private Result reauthenticated(Attempt attempt, UserAccount user, AuthenticationMethods methods,
                                   AuditOutcome by) {
        Optional<SessionReauthentication.Renewed> renewed =
                renewal.renew(user, attempt.command.sessionId(), methods, attempt.now);
        if (renewed.isEmpty()) {
            return attempt.refused(AuditOutcome.SESSION_ENDED, new Result.SessionEnded());
        }
        attempts.clear(keyOf(user, attempt.command));
        SecurityEvent event = SecurityEvent.of(SecurityEventType.REAUTHENTICATED, attempt.now,
                attempt.command.requester()).about(user.id()).inSession(renewed.get().session().id());
        audit.record(by == null ? event : event.outcome(by));
        return new Result.Reauthenticated(renewed.get().accessToken());
    }

    /** One proof being checked: its refusals recorded as the audit trail keeps them. */
    private final class Attempt {

        private final Command command;
        private final Instant now;

        Attempt(Command command, Instant now) {
            this.command = command;
            this.now = now;
        }

        Result wrong(AuditOutcome why) {
            return refused(why, new Result.WrongProof());
        }

        Result refused(AuditOutcome why, Result result) {
            audit.record(SecurityEvent.of(SecurityEventType.REAUTHENTICATION_FAILED, now, command.requester())
                    .about(command.userId()).inSession(command.sessionId()).outcome(why));
            return result;
        }
    }
}
