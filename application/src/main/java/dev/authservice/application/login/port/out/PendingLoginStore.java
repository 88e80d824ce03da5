package dev.authservice.application.login.port.out;

import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.login.PendingLogin;
import java.time.Instant;
import java.util.Optional;

/**
 * Logins waiting for their second factor ({@link PendingLogin}), known by the hash of their ticket only. It carries
 * out the transitions {@link PendingLogin} decides and decides none; every method is atomic on its own, and shared
 * by every instance that uses the same store. {@code PendingLoginStoreContract} holds every implementation to it.
 */
public interface PendingLoginStore {

    void add(PendingLogin.Open login);

    Optional<PendingLogin> find(LoginTicketHash ticket);

    /**
     * Replaces {@code expected} with {@code next} (the same ticket) only if the stored one is still open with
     * {@code expected}'s count of wrong codes; false, and nothing changed, otherwise. Of two concurrent replacements
     * of one state exactly one succeeds: one completion per ticket, and no wrong code goes uncounted.
     */
    boolean replace(PendingLogin.Open expected, PendingLogin next);

    /** Forgets the pending logins that expired by {@code cutoff}, whatever their state. Returns how many. */
    int forgetExpiredBy(Instant cutoff);
}
