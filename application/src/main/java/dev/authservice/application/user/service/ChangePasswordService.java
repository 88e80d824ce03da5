package dev.authservice.application.user.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.notice.service.CredentialChanges.Change;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.user.port.in.ChangePasswordUseCase;
import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.PasswordPolicy;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;

public final class ChangePasswordService implements ChangePasswordUseCase {

    private final UserStore users;
    private final PasswordHasher hasher;
    private final PasswordPolicy passwords;
    private final LoginAttemptLog attempts;
    private final CredentialChanges changes;
    private final StepUp stepUp;
    private final AuditLog audit;
    private final Clock clock;

    public ChangePasswordService(UserStore users, PasswordHasher hasher, PasswordPolicy passwords,
                                 LoginAttemptLog attempts, CredentialChanges changes, StepUp stepUp, AuditLog audit,
                                 Clock clock) {
        this.stepUp = stepUp;
        this.users = users;
        this.hasher = hasher;
        this.passwords = passwords;
        this.attempts = attempts;
        this.changes = changes;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result changePassword(Command command) {
        Instant now = clock.instant();
        if (stepUp.refuses(command.userId(), command.authenticatedAt(), command.requester(), now)) {
            return new Result.ReauthenticationRequired();
        }
        Optional<UserAccount> found = users.findById(command.userId()).filter(UserAccount::enabled);
        if (found.isEmpty()) {
            // Disabled (or gone) while its access token was still in flight.
            audit.record(SecurityEvent.of(SecurityEventType.PASSWORD_CHANGE_FAILED, now, command.requester())
                    .about(command.userId()).inSession(command.currentSession()).outcome(AuditOutcome.ACCOUNT_DISABLED));
            return new Result.InvalidCredentials();
        }
        UserAccount user = found.get();
        // The current password is guessed like a login, so it is throttled like one, under the same key.
        SecurityEvent event = SecurityEvent.of(SecurityEventType.PASSWORD_CHANGE_FAILED, now, command.requester())
                .about(user.id()).inSession(command.currentSession());
        LoginAttemptKey key = LoginAttemptKey.of(user.username(), command.requester().clientAddress());
        Optional<Duration> wait = attempts.tryAttempt(key, now);
        if (wait.isPresent()) {
            audit.record(event.outcome(AuditOutcome.THROTTLED));
            return new Result.Throttled(wait.get());
        }
        // An account without a password (PasswordHash.NONE matches nothing) sets its first one through a reset link.
        if (!hasher.verify(command.currentPassword(), user.passwordHash())) {
            audit.record(event.outcome(AuditOutcome.WRONG_PASSWORD));
            return new Result.InvalidCredentials();
        }
        attempts.clear(key);

        Optional<String> weakness = passwords.problemWith(command.newPassword(), user.username());
        if (weakness.isPresent()) {
            audit.record(event.outcome(AuditOutcome.WEAK_PASSWORD));
            return new Result.WeakPassword(weakness.get());
        }
        PasswordHash newHash = hasher.hash(command.newPassword());
        OptionalInt ended = changes.makeEndingSessions(
                Change.byTheUser(user.id(), CredentialChange.PASSWORD_CHANGED, command.requester(), now),
                Optional.of(command.currentSession()), RevocationReason.PASSWORD_CHANGED,
                () -> replaced(user, command.currentPassword(), newHash));
        if (ended.isEmpty()) {
            // Changed by another request since we verified it: the current password we checked is no longer current.
            audit.record(event.outcome(AuditOutcome.CHANGED_MEANWHILE));
            return new Result.InvalidCredentials();
        }
        audit.record(SecurityEvent.of(SecurityEventType.PASSWORD_CHANGED, now, command.requester())
                .about(user.id()).inSession(command.currentSession())
                .endingSessions(RevocationReason.PASSWORD_CHANGED, ended.getAsInt()));
        return new Result.Changed();
    }

    /**
     * Swaps in the new hash only over the one the current password was verified against. A login may have upgraded
     * that hash since, for the same password: that is no change, so the swap is tried once more over the upgrade.
     */
    private boolean replaced(UserAccount user, Password currentPassword, PasswordHash newHash) {
        return users.replacePasswordHash(user.id(), user.passwordHash(), newHash)
                || StoredPasswordHash.stillMatching(users, hasher, user.id(), currentPassword)
                        .map(upgraded -> users.replacePasswordHash(user.id(), upgraded, newHash))
                        .orElse(false);
    }
}
