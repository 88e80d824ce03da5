package dev.authservice.application.user.service;

import dev.authservice.application.user.port.in.GetMyEmailUseCase;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.user.UserAccount;

public final class GetMyEmailService implements GetMyEmailUseCase {

    private final UserStore users;

    public GetMyEmailService(UserStore users) {
        this.users = users;
    }

    /** A session's user is never deleted, only disabled: one missing is a bug. */
    @Override
    public Result getMyEmail(Query query) {
        UserAccount user = users.findById(query.userId())
                .orElseThrow(() -> new IllegalStateException("the user of a live session is gone"));
        return new Result.TheEmail(user.email());
    }
}
