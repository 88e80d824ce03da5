package dev.authservice.application.passkey.service;

import dev.authservice.application.passkey.port.in.ListMyPasskeysUseCase;
import dev.authservice.application.passkey.port.out.PasskeyStore;

public final class ListMyPasskeysService implements ListMyPasskeysUseCase {

    private final PasskeyStore passkeys;

    public ListMyPasskeysService(PasskeyStore passkeys) {
        this.passkeys = passkeys;
    }

    @Override
    public Result listMyPasskeys(Query query) {
        return new Result.Listed(passkeys.findByOwner(query.ownerId()));
    }
}
