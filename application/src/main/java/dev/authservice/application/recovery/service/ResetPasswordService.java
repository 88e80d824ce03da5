package dev.authservice.application.recovery.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.mailedtoken.port.out.MailedTokenStore;
import dev.authservice.application.notice.service.CredentialChanges.Change;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.recovery.port.in.ResetPasswordUseCase;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.mailedtoken.MailedToken;
import dev.authservice.domain.mailedtoken.Redemption;
import dev.authservice.domain.mailedtoken.TokenFingerprint;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.PasswordPolicy;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Finds the token and its user, lets the domain decide on it, checks the new password against the policy and hashes
 * it; then in one transaction marks the token used (of two uses at once, one does), swaps the hash in over the one
 * the token was judged under, tells the user's verified address of the change and ends every session of the user
 * ({@link CredentialChanges}). The second factor is untouched, so the next login still asks for it.
 */
public final class ResetPasswordService implements ResetPasswordUseCase {

    private final MailedTokenStore tokens;
    private final UserStore users;
    private final PasswordHasher hasher;
    private final PasswordPolicy passwords;
    private final CredentialChanges changes;
    private final AuditLog audit;
    private final Clock clock;
    private final PresentedTokens presented;

    public ResetPasswordService(MailedTokenStore tokens, UserStore users, PasswordHasher hasher,
                                PasswordPolicy passwords, CredentialChanges changes, AuditLog audit, Clock clock) {
        this.tokens = Objects.requireNonNull(tokens);
        this.users = Objects.requireNonNull(users);
        this.hasher = Objects.requireNonNull(hasher);
        this.passwords = Objects.requireNonNull(passwords);
        this.changes = Objects.requireNonNull(changes);
        this.audit = Objects.requireNonNull(audit);
        this.clock = Objects.requireNonNull(clock);
        this.presented = new PresentedTokens(tokens, users, audit);
    }

    @Override
    public Result resetPassword(Command command) {
        Instant now = clock.instant();
        SecurityEvent failed = SecurityEvent.of(SecurityEventType.PASSWORD_RESET_FAILED, now, command.requester());
        Optional<PresentedTokens.Presented> found = presented.find(command.token(),
                MailedToken.Purpose.PASSWORD_RESET, failed);
        if (found.isEmpty()) {
            return new Result.TokenInvalid();
        }
        UserAccount owner = found.get().owner();
        SecurityEvent failedFor = found.get().failed();
        return found.get().token().redeem(now, TokenFingerprint.ofPassword(owner.passwordHash())).match(
                accepted -> reset(accepted.used(), owner, command, now, failedFor),
                refused -> {
                    audit.record(failedFor.outcome(outcomeOf(refused.refusal())));
                    return new Result.TokenInvalid();
                });
    }

    private Result reset(MailedToken used, UserAccount user, Command command, Instant now, SecurityEvent failed) {
        Optional<String> weakness = passwords.problemWith(command.newPassword(), user.username());
        if (weakness.isPresent()) {
            audit.record(failed.outcome(AuditOutcome.WEAK_PASSWORD));
            return new Result.WeakPassword(weakness.get());
        }
        PasswordHash newHash = hasher.hash(command.newPassword());
        // A token used meanwhile writes nothing; a password changed by another path since the token was judged
        // leaves the token marked used, and void all the same.
        OptionalInt ended = changes.makeEndingSessions(
                Change.byTheUser(user.id(), CredentialChange.PASSWORD_CHANGED, command.requester(), now),
                Optional.empty(), RevocationReason.PASSWORD_CHANGED,
                () -> tokens.use(used) && users.replacePasswordHash(user.id(), user.passwordHash(), newHash));
        if (ended.isEmpty()) {
            audit.record(failed.outcome(AuditOutcome.CHANGED_MEANWHILE));
            return new Result.TokenInvalid();
        }
        audit.record(SecurityEvent.of(SecurityEventType.PASSWORD_RESET, now, command.requester()).about(user.id())
                .endingSessions(RevocationReason.PASSWORD_CHANGED, ended.getAsInt()));
        return new Result.Reset();
    }

    private static AuditOutcome outcomeOf(Redemption.Refusal refusal) {
        return switch (refusal) {
            case UNKNOWN -> AuditOutcome.UNKNOWN_TOKEN;
            case USED -> AuditOutcome.RESET_TOKEN_USED;
            case SUPERSEDED -> AuditOutcome.RESET_TOKEN_SUPERSEDED;
            case EXPIRED -> AuditOutcome.EXPIRED;
            case FINGERPRINT_CHANGED -> AuditOutcome.CHANGED_MEANWHILE;
        };
    }
}
