package dev.authservice.application.user.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.notice.service.CredentialChanges.Change;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.user.port.in.ChangeMyEmailUseCase;
import dev.authservice.application.user.port.out.UserStore.EmailChange;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * A user's own new address, after a recent proof of who they are. A new mailbox is stored unverified and mailed a
 * link that verifies it ({@link EmailVerificationMail}), in the transaction that stores it and tells the old
 * verified address ({@link CredentialChanges}).
 */
public final class ChangeMyEmailService implements ChangeMyEmailUseCase {

    private final UserStore users;
    private final CredentialChanges changes;
    private final StepUp stepUp;
    private final EmailVerificationMail verification;
    private final AuditLog audit;
    private final Clock clock;

    public ChangeMyEmailService(UserStore users, CredentialChanges changes, StepUp stepUp,
                                EmailVerificationMail verification, AuditLog audit, Clock clock) {
        this.users = users;
        this.changes = changes;
        this.stepUp = stepUp;
        this.verification = verification;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result changeMyEmail(Command command) {
        Instant now = clock.instant();
        if (stepUp.refuses(command.userId(), command.authenticatedAt(), command.requester(), now)) {
            return new Result.ReauthenticationRequired();
        }
        UserAccount user = users.findById(command.userId()).orElseThrow(ChangeMyEmailService::userGone);
        Optional<AccountEmail> email = Optional.of(AccountEmail.setting(command.email(), user.email()));
        // The same mailbox written anew still gets the account's mail: nothing to tell.
        EmailChange outcome = user.email().filter(current -> current.address().sameMailboxAs(command.email()))
                .isPresent()
                ? users.setEmail(user.id(), email)
                : changes.make(Change.byTheUser(user.id(), CredentialChange.EMAIL_ADDRESS_CHANGED,
                        command.requester(), now), () -> setAndMail(user, email.get()), EmailChange.CHANGED::equals);
        return switch (outcome) {
            case NO_SUCH_USER -> throw userGone();
            case TAKEN -> new Result.EmailTaken();
            case CHANGED -> {
                // The trail keeps that it changed, never the address.
                audit.record(SecurityEvent.of(SecurityEventType.EMAIL_ADDRESS_CHANGED, now, command.requester())
                        .about(user.id()).inSession(command.currentSession()));
                yield new Result.Changed();
            }
        };
    }

    /** Stores a new mailbox unverified, and mails it the link that verifies it when the store took it. */
    private EmailChange setAndMail(UserAccount user, AccountEmail email) {
        EmailChange outcome = users.setEmail(user.id(), Optional.of(email));
        if (outcome == EmailChange.CHANGED && !email.verified()) {
            verification.send(user, email.address());
        }
        return outcome;
    }

    /** A session's user is never deleted, only disabled. */
    private static IllegalStateException userGone() {
        return new IllegalStateException("the user of a live session is gone");
    }
}
