package dev.authservice.application.passkey.port.out;

import dev.authservice.domain.passkey.CredentialId;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.user.UserId;
import java.util.List;
import java.util.Optional;

/**
 * Where passkeys are kept. A passkey is listed and removed only together with its owner: nobody reaches another's.
 * A login finds one by its credential id alone, since the authenticator names the passkey, not the user.
 */
public interface PasskeyStore {

    /** One owner's passkeys, oldest first. */
    List<Passkey> findByOwner(UserId ownerId);

    /**
     * Adds a new passkey unless its credential id is registered already, to anyone: then nothing is stored and the
     * answer is {@code false}. Of concurrent adds of one credential id, on any instance, exactly one is {@code true}.
     */
    boolean add(Passkey passkey);

    /** The passkey with this credential id, whoever owns it. */
    Optional<Passkey> find(CredentialId id);

    /**
     * Keeps what a login changed of {@code used} (its signature counter, BS flag and last use) as {@code next} has
     * them, only if the stored counter is still {@code used}'s; {@code false}, nothing changed, otherwise (another
     * login counted meanwhile, or the passkey was deleted). Of concurrent uses read at one count, exactly one is
     * {@code true} unless the authenticator keeps no counter.
     */
    boolean recordUse(Passkey used, Passkey next);

    /** Removes the passkey if {@code ownerId} owns it; {@code false}, nothing removed, when unknown or another's. */
    boolean remove(CredentialId id, UserId ownerId);
}
