package dev.authservice.application.passkey.service;

import dev.authservice.application.passkey.port.in.ListUserPasskeysUseCase;
import dev.authservice.application.passkey.port.out.PasskeyStore;
import dev.authservice.application.user.port.out.UserStore;

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
