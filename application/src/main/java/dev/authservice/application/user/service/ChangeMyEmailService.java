package dev.authservice.application.user.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.user.port.in.ChangeMyEmailUseCase;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

public final class ChangeMyEmailService implements ChangeMyEmailUseCase {

    private final UserStore users;
    private final StepUp stepUp;
    private final AuditLog audit;
    private final Clock clock;

    public ChangeMyEmailService(UserStore users, StepUp stepUp, AuditLog audit, Clock clock) {
        this.users = users;
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
        return switch (users.setEmail(user.id(), Optional.of(AccountEmail.setting(command.email(), user.email())))) {
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
