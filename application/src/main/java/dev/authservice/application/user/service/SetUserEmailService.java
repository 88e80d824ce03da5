package dev.authservice.application.user.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.user.port.in.SetUserEmailUseCase;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.util.Optional;

public final class SetUserEmailService implements SetUserEmailUseCase {

    private final UserStore users;
    private final AuditLog audit;
    private final Clock clock;

    public SetUserEmailService(UserStore users, AuditLog audit, Clock clock) {
        this.users = users;
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
        return switch (users.setEmail(command.userId(), email)) {
            case NO_SUCH_USER -> new Result.UserNotFound();
            case TAKEN -> new Result.EmailTaken();
            case CHANGED -> {
                // The trail keeps that it changed and who changed it, never the address.
                audit.record(SecurityEvent.of(email.isPresent() ? SecurityEventType.EMAIL_ADDRESS_CHANGED
                                : SecurityEventType.EMAIL_ADDRESS_REMOVED, clock.instant(), command.requester())
                        .about(command.userId()).outcome(AuditOutcome.ADMINISTRATOR));
                yield new Result.Changed();
            }
        };
    }
}
