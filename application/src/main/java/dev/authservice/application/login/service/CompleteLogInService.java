package dev.authservice.application.login.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.login.port.in.CompleteLogInUseCase;
import dev.authservice.application.passkey.service.PasskeyAssertionCheck;
import dev.authservice.application.secondfactor.service.SecondFactorCheck;
import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.login.PendingLogin;
import dev.authservice.domain.passkey.AssertionPurpose;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.SecondFactorMethod;
import dev.authservice.domain.secondfactor.TotpCode;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The second half of a login with a second factor. The ticket is completed before the code is used up, both by
 * conditional writes: of two completions of one ticket one wins and the other finds it used, and of two logins
 * with one code (two tickets) the second finds the code's step accepted already. A code is checked against what is
 * stored first, so that a wrong one never spends a ticket. A passkey's assertion is checked whole, its counter kept,
 * before the ticket is completed: a counter moved on by a login that then lost the ticket to another is no harm.
 */
public final class CompleteLogInService implements CompleteLogInUseCase {

    private final UserStore users;
    private final LoginAttemptLog attempts;
    private final PendingLoginTickets tickets;
    private final SecondFactorCheck secondFactors;
    private final Optional<PasskeyAssertionCheck> passkeyCheck;
    private final SessionStart sessionStart;
    private final AuditLog audit;
    private final Clock clock;

    /** @param passkeyCheck empty where passkeys are off: then no passkey completes a login */
    public CompleteLogInService(UserStore users, LoginAttemptLog attempts, PendingLoginTickets tickets,
                                SecondFactorCheck secondFactors, Optional<PasskeyAssertionCheck> passkeyCheck,
                                SessionStart sessionStart, AuditLog audit, Clock clock) {
        this.users = users;
        this.attempts = attempts;
        this.tickets = tickets;
        this.secondFactors = secondFactors;
        this.passkeyCheck = passkeyCheck;
        this.sessionStart = sessionStart;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result completeLogIn(Command command) {
        Instant now = clock.instant();
        Optional<PendingLogin> onRecord = tickets.onRecord(command.ticket());
        return PendingLogin.present(onRecord, now).match(
                usable -> complete(usable.open(), command, now),
                refused -> {
                    SecurityEvent failed = failure(command.requester(), now, onRecord.map(PendingLogin::userId));
                    audit.record(failed.outcome(switch (refused.why()) {
                        case UNKNOWN -> AuditOutcome.TICKET_UNKNOWN;
                        case USED -> AuditOutcome.TICKET_USED;
                        case EXPIRED -> AuditOutcome.TICKET_EXPIRED;
                    }));
                    return new Result.TicketInvalid();
                });
    }

    private Result complete(PendingLogin.Open open, Command command, Instant now) {
        Requester requester = command.requester();
        SecurityEvent failed = failure(requester, now, Optional.of(open.userId()));
        Optional<UserAccount> user = users.findById(open.userId()).filter(UserAccount::enabled);
        if (user.isEmpty()) {
            audit.record(failed.outcome(AuditOutcome.ACCOUNT_DISABLED));
            return new Result.TicketInvalid();
        }
        // Counted like a password, under the same key: the password's count is not cleared until the login completes.
        LoginAttemptKey key = LoginAttemptKey.of(user.get().username(), requester.clientAddress());
        Optional<Duration> wait = attempts.tryAttempt(key, now);
        if (wait.isPresent()) {
            audit.record(SecurityEvent.of(SecurityEventType.LOGIN_THROTTLED, now, requester).about(open.userId()));
            return new Result.Throttled(wait.get());
        }
        if (command.passkey().isPresent()) {
            return withPasskey(open, user.get(), key, failed, command.passkey().get(), now);
        }
        if (command.code().isPresent()) {
            return withCode(open, user.get(), key, failed, command.code().get(), now);
        }
        Optional<AuditOutcome> refusal = withRecoveryCode(open, command.recoveryCode().orElseThrow(), now);
        if (refusal.isPresent()) {
            return refusal.get() == AuditOutcome.TICKET_USED ? ticketLost(failed)
                    : wrongCode(open, failed.outcome(refusal.get()), now);
        }
        return loggedIn(open, user.get(), key, requester, AuditOutcome.RECOVERY_CODE,
                after(open, AuthenticationMethods.PASSWORD_AND_RECOVERY_CODE,
                        AuthenticationMethods.EXTERNAL_PROVIDER_AND_ANOTHER_FACTOR), now);
    }

    private Result loggedIn(PendingLogin.Open open, UserAccount user, LoginAttemptKey key, Requester requester,
                            AuditOutcome passedBy, AuthenticationMethods methods, Instant now) {
        attempts.clear(key);
        audit.record(SecurityEvent.of(SecurityEventType.SECOND_FACTOR_PASSED, now, requester).about(open.userId())
                .outcome(passedBy));
        // Against the hash the ticket's password was checked against: a password changed since ends the login here.
        return sessionStart.start(user, open.checked(), methods, requester, now)
                .<Result>map(Result.LoggedIn::new)
                .orElseGet(Result.TicketInvalid::new);
    }

    /** What the session's tokens say: the first factor the ticket was opened after, and the second. */
    private static AuthenticationMethods after(PendingLogin.Open open, AuthenticationMethods afterAPassword,
                                               AuthenticationMethods afterAProvider) {
        return switch (open.firstFactor()) {
            case PASSWORD -> afterAPassword;
            case EXTERNAL_PROVIDER -> afterAProvider;
        };
    }

    /**
     * A refused assertion is a wrong code, whatever failed: its challenge (another login's, used, expired), the
     * passkey (unknown, another user's) or the signature and the passkey's rules.
     */
    private Result withPasskey(PendingLogin.Open open, UserAccount user, LoginAttemptKey key, SecurityEvent failed,
                               String assertion, Instant now) {
        if (passkeyCheck.isEmpty()) {
            return wrongCode(open, failed.outcome(AuditOutcome.UNKNOWN_CHALLENGE), now);
        }
        PasskeyAssertionCheck check = passkeyCheck.get();
        return check.identify(assertion, Optional.of(open.ticket()), now).match(
                found -> {
                    if (!found.passkey().ownerId().equals(user.id())) {
                        return wrongCode(open, failed.outcome(AuditOutcome.UNKNOWN_PASSKEY), now);
                    }
                    Optional<AuditOutcome> refusal = check.verify(assertion, found, AssertionPurpose.SECOND_FACTOR,
                            now);
                    if (refusal.isPresent()) {
                        return wrongCode(open, failed.outcome(refusal.get()), now);
                    }
                    if (!tickets.complete(open, SecondFactorMethod.PASSKEY, now)) {
                        return ticketLost(failed);
                    }
                    return loggedIn(open, user, key, failed.requester(), AuditOutcome.PASSKEY,
                            after(open, AuthenticationMethods.passwordAndPasskey(found.passkey()),
                                    AuthenticationMethods.externalProviderAndPasskey(found.passkey())), now);
                },
                notAnAssertion -> wrongCode(open, failed.outcome(AuditOutcome.VERIFICATION_FAILED), now),
                refused -> wrongCode(open, failed.outcome(refused.why()), now));
    }

    /**
     * A code is counted against the secret's wrong codes before it is checked, whichever address sends it; one that
     * waits for them, or comes after the last, is not checked and costs the ticket nothing.
     */
    private Result withCode(PendingLogin.Open open, UserAccount user, LoginAttemptKey key, SecurityEvent failed,
                            TotpCode code, Instant now) {
        Optional<TotpFactor.Confirmed> factor = secondFactors.confirmedTotpOf(open.userId());
        if (factor.isEmpty()) { // removed since the password was checked
            return wrongCode(open, failed.outcome(AuditOutcome.NOT_ENROLLED), now);
        }
        return secondFactors.attempt(factor.get(), code, now).match(
                accepted -> {
                    if (!tickets.complete(open, SecondFactorMethod.TOTP, now)) {
                        return ticketLost(failed);
                    }
                    // Lost only to a login with the same code on another ticket at the same moment: the code is
                    // used once, and this ticket, spent, stays so.
                    if (!secondFactors.accept(accepted)) {
                        return wrongCode(open, failed.outcome(AuditOutcome.REPLAYED_CODE), now);
                    }
                    return loggedIn(open, user, key, failed.requester(), AuditOutcome.TOTP_CODE,
                            after(open, AuthenticationMethods.PASSWORD_AND_TOTP,
                                    AuthenticationMethods.EXTERNAL_PROVIDER_AND_TOTP), now);
                },
                refused -> wrongCode(open, failed.outcome(refused.why() == TotpFactor.Refusal.REPLAYED
                        ? AuditOutcome.REPLAYED_CODE : AuditOutcome.WRONG_CODE), now),
                wait -> {
                    audit.record(failed.outcome(AuditOutcome.WRONG_CODES_IN_A_ROW));
                    return new Result.Throttled(wait.retryAfter());
                },
                exhausted -> {
                    audit.record(failed.outcome(AuditOutcome.WRONG_CODES_EXHAUSTED));
                    return new Result.TotpLocked();
                });
    }

    private Optional<AuditOutcome> withRecoveryCode(PendingLogin.Open open, RecoveryCode code, Instant now) {
        RecoveryCode.Hash hash = code.hash();
        if (!secondFactors.hasRecoveryCode(open.userId(), hash)) {
            return Optional.of(AuditOutcome.WRONG_CODE);
        }
        if (!tickets.complete(open, SecondFactorMethod.RECOVERY_CODE, now)) {
            return Optional.of(AuditOutcome.TICKET_USED);
        }
        // As with a code: lost only to the same recovery code used on another ticket at the same moment.
        return secondFactors.useRecoveryCode(open.userId(), hash) ? Optional.empty()
                : Optional.of(AuditOutcome.WRONG_CODE);
    }

    /** Counts the wrong code against the ticket, which dies after the policy's limit. */
    private Result wrongCode(PendingLogin.Open open, SecurityEvent failed, Instant now) {
        boolean exhausted = tickets.countWrongCode(open, now).filter(PendingLogin.Exhausted.class::isInstance)
                .isPresent();
        audit.record(exhausted ? failed.outcome(AuditOutcome.ATTEMPTS_EXHAUSTED) : failed);
        return new Result.WrongCode();
    }

    private Result ticketLost(SecurityEvent failed) {
        audit.record(failed.outcome(AuditOutcome.TICKET_USED));
        return new Result.TicketInvalid();
    }

    private static SecurityEvent failure(Requester requester, Instant now, Optional<UserId> userId) {
        SecurityEvent failed = SecurityEvent.of(SecurityEventType.SECOND_FACTOR_FAILED, now, requester);
        return userId.map(failed::about).orElse(failed);
    }
}
