package dev.authservice.application.user.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.notice.service.CredentialChanges.Change;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.user.port.in.SetUserEmailUseCase;
import dev.authservice.application.user.port.out.UserStore.EmailChange;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * An administrator sets or removes a user's address. A new mailbox is stored unverified and mailed a link that
 * verifies it ({@link EmailVerificationMail}), in the transaction that stores it and tells the old verified address.
 */
public final class SetUserEmailService implements SetUserEmailUseCase {

    private final UserStore users;
    private final CredentialChanges changes;
    private final EmailVerificationMail verification;
    private final AuditLog audit;
    private final Clock clock;

    public SetUserEmailService(UserStore users, CredentialChanges changes, EmailVerificationMail verification,
                               AuditLog audit, Clock clock) {
        this.users = users;
        this.changes = changes;
        this.verification = verification;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result setUserEmail(Command command) {
        Optional<UserAccount> user = users.findById(command.userId());
        if (user.isEmpty()) {
            return new Result.UserNotFound();
        }
        Optional<AccountEmail> email = command.email()
                .map(address -> AccountEmail.setting(address, user.get().email()));
        Instant now = clock.instant();
        // The same mailbox written anew still gets the account's mail: nothing to tell.
        EmailChange outcome = user.get().email()
                .filter(current -> email.filter(next -> current.address().sameMailboxAs(next.address())).isPresent())
                .isPresent()
                ? users.setEmail(command.userId(), email)
                : changes.make(Change.byAnAdministrator(command.userId(), email.isPresent()
                                ? CredentialChange.EMAIL_ADDRESS_CHANGED : CredentialChange.EMAIL_ADDRESS_REMOVED,
                        command.requester(), now), () -> setAndMail(user.get(), email),
                        EmailChange.CHANGED::equals);
        return switch (outcome) {
            case NO_SUCH_USER -> new Result.UserNotFound();
            case TAKEN -> new Result.EmailTaken();
            case CHANGED -> {
                // The trail keeps that it changed and who changed it, never the address.
                audit.record(SecurityEvent.of(email.isPresent() ? SecurityEventType.EMAIL_ADDRESS_CHANGED
                                : SecurityEventType.EMAIL_ADDRESS_REMOVED, now, command.requester())
                        .about(command.userId()).outcome(AuditOutcome.ADMINISTRATOR));
                yield new Result.Changed();
            }
        };
    }

    /** Stores the address or none, and mails a new mailbox the link that verifies it when the store took it. */
    private EmailChange setAndMail(UserAccount user, Optional<AccountEmail> email) {
        EmailChange outcome = users.setEmail(user.id(), email);
        if (outcome == EmailChange.CHANGED) {
            email.filter(set -> !set.verified()).ifPresent(set -> verification.send(user, set.address()));
        }
        return outcome;
    }
}
