package dev.authservice.application.user.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.notice.service.CredentialChanges.Change;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.user.port.in.ChangeMyEmailUseCase;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.application.user.port.out.UserStore.EmailChange;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

public final class ChangeMyEmailService implements ChangeMyEmailUseCase {

    private final UserStore users;
    private final CredentialChanges changes;
    private final StepUp stepUp;
    private final AuditLog audit;
    private final Clock clock;

    public ChangeMyEmailService(UserStore users, CredentialChanges changes, StepUp stepUp, AuditLog audit, Clock clock) {
        this.users = users;
        this.changes = changes;
        this.stepUp = stepUp;
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
                        command.requester(), now), () -> users.setEmail(user.id(), email), EmailChange.CHANGED::equals);
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

    /** A session's user is never deleted, only disabled. */
    private static IllegalStateException userGone() {
        return new IllegalStateException("the user of a live session is gone");
    }
}
