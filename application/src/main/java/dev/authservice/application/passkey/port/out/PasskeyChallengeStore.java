package dev.authservice.application.passkey.port.out;

import dev.authservice.domain.network.OpenPerAddressLimit;
import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.PasskeyChallenge;
import dev.authservice.domain.passkey.PasskeyLoginChallenge;
import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The challenges of passkey ceremonies under way, each taken once: registrations, one per user, and logins, issued
 * before anyone is known and so kept by their value.
 */
public interface PasskeyChallengeStore {

    /** Keeps the challenge, in place of any the same user was issued before: only the newest ceremony can finish. */
    void issue(PasskeyChallenge challenge);

    /**
     * Takes the user's challenge with this value out of the store, expired or not: the caller decides. Empty when
     * there is none (unknown, another user's, taken already). Of concurrent takes of one challenge, on any instance,
     * exactly one finds it.
     */
    Optional<PasskeyChallenge> take(UserId userId, ByteString value);

    /**
     * Keeps a login challenge. One for a passkey alone (bound to no ticket) only if its client holds fewer of those,
     * neither taken nor expired when it was issued, than {@code limit} lets it; else keeps nothing and returns how
     * long until the first of them expires. Atomic: requests of one client that arrive together, on any instance,
     * are counted one after another, so no more are kept than the limit lets through. One bound to a ticket is not
     * counted, and replaces any that ticket was issued before, so that a pending login holds one at a time and only
     * its newest can finish.
     */
    Optional<Duration> issueForLogin(PasskeyLoginChallenge challenge, OpenPerAddressLimit limit);

    /**
     * Takes the login challenge with this value out of the store, expired or not, whatever it is bound to: the caller
     * decides. Of concurrent takes of one challenge, on any instance, exactly one finds it.
     */
    Optional<PasskeyLoginChallenge> takeForLogin(ByteString value);

    /** Forgets the login challenges that expired by {@code cutoff}, never taken. Returns how many. */
    int forgetLoginChallengesExpiredBy(Instant cutoff);
}
