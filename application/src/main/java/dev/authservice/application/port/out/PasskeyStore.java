package dev.authservice.application.port.out;

import dev.authservice.domain.passkey.CredentialId;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.user.UserId;
import java.util.List;

/** Where passkeys are kept. A passkey is listed and removed only together with its owner: nobody reaches another's. */
public interface PasskeyStore {

    /** One owner's passkeys, oldest first. */
    List<Passkey> findByOwner(UserId ownerId);

    /**
     * Adds a new passkey unless its credential id is registered already, to anyone: then nothing is stored and the
     * answer is {@code false}. Of concurrent adds of one credential id, on any instance, exactly one is {@code true}.
     */
    boolean add(Passkey passkey);

    /** Removes the passkey if {@code ownerId} owns it; {@code false}, nothing removed, when unknown or another's. */
    boolean remove(CredentialId id, UserId ownerId);
}
