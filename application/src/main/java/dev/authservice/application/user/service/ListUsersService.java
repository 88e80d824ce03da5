package dev.authservice.application.user.service;

import dev.authservice.application.user.port.in.ListUsersUseCase;
import dev.authservice.application.user.port.in.UserSummary;
import dev.authservice.application.user.port.out.UserStore;

public final class ListUsersService implements ListUsersUseCase {

    private final UserStore users;

    public ListUsersService(UserStore users) {
        this.users = users;
    }

    @Override
    public Result listUsers(Query query) {
        return new Result.Listed(users.findAll(query.sort(), query.page()).map(UserSummary::of));
    }
}
