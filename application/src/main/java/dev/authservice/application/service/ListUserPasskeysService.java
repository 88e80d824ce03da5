package dev.authservice.application.service;

import dev.authservice.application.port.in.ListUserPasskeysUseCase;
import dev.authservice.application.port.out.PasskeyStore;
import dev.authservice.application.port.out.UserStore;

public final class ListUserPasskeysService implements ListUserPasskeysUseCase {

    private final UserStore users;
    private final PasskeyStore passkeys;

    public ListUserPasskeysService(UserStore users, PasskeyStore passkeys) {
        this.users = users;
        this.passkeys = passkeys;
    }

    @Override
    public Result listUserPasskeys(Query query) {
        if (users.findById(query.userId()).isEmpty()) {
            return new Result.UserNotFound();
        }
        return new Result.Listed(passkeys.findByOwner(query.userId()));
    }
}
