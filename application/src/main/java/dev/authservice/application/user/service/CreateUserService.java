package dev.authservice.application.user.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.in.CreateUserUseCase;
import dev.authservice.application.user.port.in.UserSummary;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.application.user.port.out.UsernameSecurityProfile;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.PasswordPolicy;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

public final class CreateUserService implements CreateUserUseCase {

    private final UserStore users;
    private final NewAccountChecks checks;
    private final PasswordHasher hasher;
    private final RandomSource random;
    private final AuditLog audit;
    private final Clock clock;

    public CreateUserService(UserStore users, UsernameSecurityProfile newUsernames, PasswordHasher hasher,
                             PasswordPolicy passwords, RandomSource random, AuditLog audit, Clock clock) {
        this.users = users;
        this.checks = new NewAccountChecks(newUsernames, passwords);
        this.hasher = hasher;
        this.random = random;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result createUser(Command command) {
        Optional<NewAccountChecks.Problem> problem = checks.problemWith(command.username(), command.password());
        if (problem.isPresent()) {
            return switch (problem.get().kind()) {
                case RESTRICTED_USERNAME -> new Result.RestrictedUsername(problem.get().reason());
                case WEAK_PASSWORD -> new Result.WeakPassword(problem.get().reason());
            };
        }
        // Both checked before hashing only to spare the hash; the store's answer counts when two requests race.
        if (users.findByUsername(command.username()).isPresent()) {
            return new Result.UsernameTaken();
        }
        if (emailTaken(command.email())) {
            return new Result.EmailTaken();
        }
        Instant now = clock.instant();
        UserAccount user = new UserAccount(new UserId(random.uuid()), command.username(),
                hasher.hash(command.password()), command.roles(), command.nickname(), command.department(), now, true,
                command.email().map(address -> new AccountEmail(address, false)));
        if (!users.add(user)) {
            // Lost a race: the store refused it for the name or the mailbox, whichever is now held.
            return emailTaken(command.email()) ? new Result.EmailTaken() : new Result.UsernameTaken();
        }
        audit.record(SecurityEvent.of(SecurityEventType.USER_CREATED, now, command.requester()).about(user.id()));
        return new Result.Created(UserSummary.of(user));
    }

    private boolean emailTaken(Optional<EmailAddress> email) {
        return email.flatMap(users::findByEmail).isPresent();
    }
}
