package dev.authservice.application.service;

import dev.authservice.application.port.in.GetUserUseCase;
import dev.authservice.application.port.in.UserSummary;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.user.UserId;
import java.util.Optional;

public final class GetUserService implements GetUserUseCase {

    private final UserStore users;

    public GetUserService(UserStore users) {
        this.users = users;
    }

    @Override
    public Optional<UserSummary> user(UserId userId) {
        return users.findById(userId).map(UserSummary::of);
    }
}
