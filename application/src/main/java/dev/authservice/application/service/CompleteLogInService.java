package dev.authservice.application.service;

import dev.authservice.application.port.in.CompleteLogInUseCase;
import dev.authservice.application.port.out.AuditLog;
import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.application.port.out.PasskeyChallengeStore;
import dev.authservice.application.port.out.PasskeyStore;
import dev.authservice.application.port.out.PasskeyVerifier;
import dev.authservice.application.port.out.PendingLoginStore;
import dev.authservice.application.port.out.RandomSource;
import dev.authservice.application.port.out.SecondFactorStore;
import dev.authservice.application.port.out.SecretSealer;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.application.port.out.TotpCodes;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.login.PendingLogin;
import dev.authservice.domain.login.SecondFactorPolicy;
import dev.authservice.domain.passkey.AssertionPurpose;
import dev.authservice.domain.passkey.RelyingParty;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.SecondFactorMethod;
import dev.authservice.domain.secondfactor.TotpCode;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.token.TokenPolicy;
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
    private final PendingLoginStore pendingLogins;
    private final SecondFactorStore secondFactors;
    private final TotpVerification verification;
    private final Optional<PasskeyAssertionCheck> passkeyCheck;
    private final SecondFactorPolicy policy;
    private final SessionStart sessionStart;
    private final AuditLog audit;
    private final Clock clock;

    /** @param relyingParty empty where passkeys are off: then no passkey completes a login */
    public CompleteLogInService(UserStore users, LoginAttemptLog attempts, PendingLoginStore pendingLogins,
                                SecondFactorStore secondFactors, SecretSealer sealer, TotpCodes codes,
                                PasskeyStore passkeys, PasskeyChallengeStore passkeyChallenges,
                                PasskeyVerifier passkeyVerifier, Optional<RelyingParty> relyingParty,
                                SecondFactorPolicy policy, SessionStore sessions, TokenIssuer tokens,
                                TokenPolicy tokenPolicy, RandomSource random, AuditLog audit, Clock clock) {
        this.users = users;
        this.attempts = attempts;
        this.pendingLogins = pendingLogins;
        this.secondFactors = secondFactors;
        this.verification = new TotpVerification(secondFactors, sealer, codes);
        this.passkeyCheck = relyingParty.map(party -> new PasskeyAssertionCheck(passkeys, passkeyChallenges,
                passkeyVerifier, party));
        this.policy = policy;
        this.sessionStart = new SessionStart(users, sessions, tokens, tokenPolicy, random, audit);
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result completeLogIn(Command command) {
        Instant now = clock.instant();
        Optional<PendingLogin> onRecord = LoginTicketHash.ofPresented(command.ticket()).flatMap(pendingLogins::find);
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
                AuthenticationMethods.PASSWORD_AND_RECOVERY_CODE, now);
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
                    if (!pendingLogins.replace(open, open.complete(SecondFactorMethod.PASSKEY, now))) {
                        return ticketLost(failed);
                    }
                    return loggedIn(open, user, key, failed.requester(), AuditOutcome.PASSKEY,
                            AuthenticationMethods.passwordAndPasskey(found.passkey()), now);
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
        Optional<TotpFactor.Confirmed> factor = secondFactors.totpOf(open.userId())
                .filter(TotpFactor.Confirmed.class::isInstance).map(TotpFactor.Confirmed.class::cast);
        if (factor.isEmpty()) { // removed since the password was checked
            return wrongCode(open, failed.outcome(AuditOutcome.NOT_ENROLLED), now);
        }
        return verification.attempt(factor.get(), code, now).match(
                accepted -> {
                    if (!pendingLogins.replace(open, open.complete(SecondFactorMethod.TOTP, now))) {
                        return ticketLost(failed);
                    }
                    // Lost only to a login with the same code on another ticket at the same moment: the code is
                    // used once, and this ticket, spent, stays so.
                    if (!verification.accept(accepted)) {
                        return wrongCode(open, failed.outcome(AuditOutcome.REPLAYED_CODE), now);
                    }
                    return loggedIn(open, user, key, failed.requester(), AuditOutcome.TOTP_CODE,
                            AuthenticationMethods.PASSWORD_AND_TOTP, now);
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
        if (!pendingLogins.replace(open, open.complete(SecondFactorMethod.RECOVERY_CODE, now))) {
            return Optional.of(AuditOutcome.TICKET_USED);
        }
        // As with a code: lost only to the same recovery code used on another ticket at the same moment.
        return secondFactors.useRecoveryCode(open.userId(), hash) ? Optional.empty()
                : Optional.of(AuditOutcome.WRONG_CODE);
    }

    /**
     * Counts the wrong code against the ticket: read again and counted again when another presentation changed it
     * meanwhile, so that none goes uncounted; each retry follows someone else's count, so there are few.
     */
    private Result wrongCode(PendingLogin.Open open, SecurityEvent failed, Instant now) {
        PendingLogin.Open current = open;
        while (true) {
            PendingLogin next = current.wrongCode(now, policy);
            if (pendingLogins.replace(current, next)) {
                audit.record(next instanceof PendingLogin.Exhausted
                        ? failed.outcome(AuditOutcome.ATTEMPTS_EXHAUSTED) : failed);
                return new Result.WrongCode();
            }
            Optional<PendingLogin.Open> reread = pendingLogins.find(current.ticket())
                    .filter(PendingLogin.Open.class::isInstance).map(PendingLogin.Open.class::cast);
            if (reread.isEmpty()) {
                audit.record(failed);
                return new Result.WrongCode();
            }
            current = reread.get();
        }
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
