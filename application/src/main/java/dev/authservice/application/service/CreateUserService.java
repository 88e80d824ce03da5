package dev.authservice.application.service;

import dev.authservice.application.port.in.CreateUserUseCase;
import dev.authservice.application.port.in.UserSummary;
import dev.authservice.application.port.out.PasswordHasher;
import dev.authservice.application.port.out.RandomSource;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.user.PasswordPolicy;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import java.time.Clock;
import java.util.Optional;

public final class CreateUserService implements CreateUserUseCase {

    private final UserStore users;
    private final PasswordHasher hasher;
    private final PasswordPolicy passwords;
    private final RandomSource random;
    private final Clock clock;

    public CreateUserService(UserStore users, PasswordHasher hasher, PasswordPolicy passwords, RandomSource random,
                             Clock clock) {
        this.users = users;
        this.hasher = hasher;
        this.passwords = passwords;
        this.random = random;
        this.clock = clock;
    }

    @Override
    public Result createUser(Command command) {
        Optional<String> weakness = passwords.problemWith(command.password(), command.username());
        if (weakness.isPresent()) {
            return new Result.WeakPassword(weakness.get());
        }
        // Checked before hashing only to spare the hash; the store's answer is what counts when two requests race.
        if (users.findByUsername(command.username()).isPresent()) {
            return new Result.UsernameTaken();
        }
        UserAccount user = new UserAccount(new UserId(random.uuid()), command.username(),
                hasher.hash(command.password()), command.roles(), command.nickname(), command.department(),
                clock.instant(), true);
        return users.add(user) ? new Result.Created(UserSummary.of(user)) : new Result.UsernameTaken();
    }
}
