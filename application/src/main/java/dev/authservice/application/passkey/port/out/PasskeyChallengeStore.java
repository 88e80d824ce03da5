package dev.authservice.application.passkey.port.out;

import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.PasskeyChallenge;
import dev.authservice.domain.passkey.PasskeyLoginChallenge;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Objects;
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
     * Keeps a login challenge; one bound to a ticket in place of any that ticket was issued before, so that a pending
     * login holds one at a time and only its newest can finish.
     */
    void issueForLogin(PasskeyLoginChallenge challenge);

    /**
     * The login challenges for a passkey alone (bound to no ticket) issued to {@code client}, neither taken nor
     * expired at {@code now}.
     */
    OpenLoginChallenges openLoginChallengesOf(String client, Instant now);

    /**
     * Takes the login challenge with this value out of the store, expired or not, whatever it is bound to: the caller
     * decides. Of concurrent takes of one challenge, on any instance, exactly one finds it.
     */
    Optional<PasskeyLoginChallenge> takeForLogin(ByteString value);

    /** How many, and when the first of them expires (empty when there are none). */
    record OpenLoginChallenges(long count, Optional<Instant> firstExpiresAt) {
        public OpenLoginChallenges {
            Objects.requireNonNull(firstExpiresAt, "firstExpiresAt");
        }
    }

    /** Forgets the login challenges that expired by {@code cutoff}, never taken. Returns how many. */
    int forgetLoginChallengesExpiredBy(Instant cutoff);
}
