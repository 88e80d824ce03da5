package dev.authservice.application.recovery.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.mailedtoken.port.out.MailedTokenStore;
import dev.authservice.application.recovery.port.in.VerifyEmailUseCase;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mailedtoken.MailedToken;
import dev.authservice.domain.mailedtoken.Redemption;
import dev.authservice.domain.mailedtoken.TokenFingerprint;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Finds the verification token and its user, lets the domain decide on it against the address the account holds
 * now, then in one transaction marks the token used (of two uses at once, one does) and the address verified, if the
 * account still holds that mailbox (a compare-and-set: an address changed since the token was judged stays
 * unverified). Every refusal is the same answer; the audit trail keeps why.
 */
public final class VerifyEmailService implements VerifyEmailUseCase {

    private final MailedTokenStore tokens;
    private final UserStore users;
    private final Transactions transactions;
    private final AuditLog audit;
    private final Clock clock;
    private final PresentedTokens presented;

    public VerifyEmailService(MailedTokenStore tokens, UserStore users, Transactions transactions, AuditLog audit,
                              Clock clock) {
        this.tokens = Objects.requireNonNull(tokens);
        this.users = Objects.requireNonNull(users);
        this.transactions = Objects.requireNonNull(transactions);
        this.audit = Objects.requireNonNull(audit);
        this.clock = Objects.requireNonNull(clock);
        this.presented = new PresentedTokens(tokens, users, audit);
    }

    @Override
    public Result verifyEmail(Command command) {
        Instant now = clock.instant();
        SecurityEvent failed = SecurityEvent.of(SecurityEventType.EMAIL_VERIFICATION_FAILED, now,
                command.requester());
        Optional<PresentedTokens.Presented> found = presented.find(command.token(),
                MailedToken.Purpose.EMAIL_VERIFICATION, failed);
        if (found.isEmpty()) {
            return new Result.TokenInvalid();
        }
        UserAccount owner = found.get().owner();
        SecurityEvent failedFor = found.get().failed();
        Optional<EmailAddress> address = owner.email().map(AccountEmail::address);
        if (address.isEmpty()) {
            audit.record(failedFor.outcome(AuditOutcome.CHANGED_MEANWHILE));
            return new Result.TokenInvalid();
        }
        return found.get().token().redeem(now, TokenFingerprint.ofAddress(address.get())).match(
                accepted -> verify(accepted.used(), owner, address.get(), command, now, failedFor),
                refused -> {
                    audit.record(failedFor.outcome(outcomeOf(refused.refusal())));
                    return new Result.TokenInvalid();
                });
    }

    private Result verify(MailedToken used, UserAccount owner, EmailAddress address, Command command, Instant now,
                          SecurityEvent failed) {
        boolean verified = transactions.inTransaction(
                () -> tokens.use(used) && users.markEmailVerified(owner.id(), address));
        if (!verified) {
            audit.record(failed.outcome(AuditOutcome.CHANGED_MEANWHILE));
            return new Result.TokenInvalid();
        }
        audit.record(SecurityEvent.of(SecurityEventType.EMAIL_ADDRESS_VERIFIED, now, command.requester())
                .about(owner.id()));
        return new Result.Verified();
    }

    private static AuditOutcome outcomeOf(Redemption.Refusal refusal) {
        return switch (refusal) {
            case UNKNOWN -> AuditOutcome.UNKNOWN_TOKEN;
            case USED -> AuditOutcome.VERIFICATION_TOKEN_USED;
            case SUPERSEDED -> AuditOutcome.VERIFICATION_TOKEN_SUPERSEDED;
            case EXPIRED -> AuditOutcome.EXPIRED;
            case FINGERPRINT_CHANGED -> AuditOutcome.CHANGED_MEANWHILE;
        };
    }
}
