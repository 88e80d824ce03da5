package dev.authservice.application.user.service;

import dev.authservice.application.user.port.in.GetUserUseCase;
import dev.authservice.application.user.port.in.UserSummary;
import dev.authservice.application.user.port.out.UserStore;

public final class GetUserService implements GetUserUseCase {

    private final UserStore users;

    public GetUserService(UserStore users) {
        this.users = users;
    }

    @Override
    public Result getUser(Query query) {
        return users.findById(query.userId())
                .<Result>map(user -> new Result.TheUser(UserSummary.of(user)))
                .orElseGet(Result.NotFound::new);
    }
}
