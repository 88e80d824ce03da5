package dev.authservice.application.service;

import dev.authservice.application.port.in.ListUsersUseCase;
import dev.authservice.application.port.in.UserSummary;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;

public final class ListUsersService implements ListUsersUseCase {

    private final UserStore users;

    public ListUsersService(UserStore users) {
        this.users = users;
    }

    @Override
    public Page<UserSummary> listUsers(PageRequest page) {
        return users.findAll(page).map(UserSummary::of);
    }
}
