package dev.authservice.application.login.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.login.port.in.LogInUseCase;
import dev.authservice.application.secondfactor.service.SecondFactorCheck;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.application.user.service.StoredPasswordHash;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

public final class LogInService implements LogInUseCase {

    private final UserStore users;
    private final PasswordHasher hasher;
    private final LoginAttemptLog attempts;
    private final SecondFactorCheck secondFactors;
    private final PendingLoginTickets tickets;
    private final SessionStart sessionStart;
    private final AuditLog audit;
    private final Clock clock;

    /** Verified against when the user is unknown, so that an unknown user costs exactly one hash like a known one. */
    private final PasswordHash unknownUserHash;

    public LogInService(UserStore users, PasswordHasher hasher, LoginAttemptLog attempts,
                        SecondFactorCheck secondFactors, PendingLoginTickets tickets, SessionStart sessionStart,
                        RandomSource random, AuditLog audit, Clock clock) {
        this.users = users;
        this.hasher = hasher;
        this.attempts = attempts;
        this.secondFactors = secondFactors;
        this.tickets = tickets;
        this.sessionStart = sessionStart;
        this.audit = audit;
        this.clock = clock;
        this.unknownUserHash = hasher.hash(new Password(random.refreshTokenValue()));
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

        Optional<UserAccount> user = users.findByUsername(command.credentials().username());
        boolean passwordMatches = hasher.verify(command.credentials().password(),
                user.map(UserAccount::passwordHash).orElse(unknownUserHash));
        if (!passwordMatches || user.isEmpty() || !user.get().enabled()) {
            SecurityEvent failed = SecurityEvent.of(SecurityEventType.LOGIN_FAILED, now, requester);
            // Why, for the audit trail only: the client gets the same answer for each.
            audit.record(user.isEmpty() ? failed.outcome(AuditOutcome.UNKNOWN_USER)
                    : failed.about(user.get().id())
                            .outcome(passwordMatches ? AuditOutcome.ACCOUNT_DISABLED : AuditOutcome.WRONG_PASSWORD));
            return new Result.InvalidCredentials();
        }
        PasswordHash checked = user.get().passwordHash();
        if (hasher.needsRehash(checked)) {
            // The only moment the clear password is at hand: upgrade the hash to the current parameters.
            PasswordHash upgraded = hasher.hash(command.credentials().password());
            checked = users.replacePasswordHash(user.get().id(), checked, upgraded)
                    ? upgraded
                    // Lost to another login's upgrade of this password, or to a password change that ends ours below.
                    : StoredPasswordHash.stillMatching(users, hasher, user.get().id(), command.credentials().password())
                            .orElse(checked);
        }
        Optional<TotpFactor.Confirmed> totp = secondFactors.confirmedTotpOf(user.get().id());
        if (totp.isPresent()) {
            // Not cleared yet: wrong codes count toward the throttle like wrong passwords, until the login completes.
            return awaitSecondFactor(user.get(), checked, !totp.get().wrongCodes().exhausted(), requester, now);
        }
        attempts.clear(key);
        return sessionStart.start(user.get(), checked, AuthenticationMethods.PASSWORD, requester, now)
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
