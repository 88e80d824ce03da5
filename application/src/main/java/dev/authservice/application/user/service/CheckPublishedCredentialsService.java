package dev.authservice.application.user.service;

import dev.authservice.application.user.port.in.CheckPublishedCredentialsUseCase;
import dev.authservice.application.user.port.in.UserSummary;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.user.Credentials;
import java.util.List;
import java.util.Optional;

public final class CheckPublishedCredentialsService implements CheckPublishedCredentialsUseCase {

    private final UserStore users;
    private final PasswordHasher hasher;

    public CheckPublishedCredentialsService(UserStore users, PasswordHasher hasher) {
        this.users = users;
        this.hasher = hasher;
    }

    @Override
    public Result checkPublishedCredentials(Query query) {
        List<UserSummary> usable = query.published().stream()
                .map(this::usable)
                .flatMap(Optional::stream)
                .toList();
        return usable.isEmpty() ? new Result.NoneUsable() : new Result.Usable(usable);
    }

    /** A disabled account logs in with no password, so its hash is not even verified. */
    private Optional<UserSummary> usable(Credentials credentials) {
        return users.findByUsername(credentials.username())
                .filter(user -> user.enabled() && hasher.verify(credentials.password(), user.passwordHash()))
                .map(UserSummary::of);
    }
}
