package dev.authservice.application.port.out;

import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.PasskeyChallenge;
import dev.authservice.domain.user.UserId;
import java.util.Optional;

/** The challenges of registration ceremonies under way: one per user, each taken once. */
public interface PasskeyChallengeStore {

    /** Keeps the challenge, in place of any the same user was issued before: only the newest ceremony can finish. */
    void issue(PasskeyChallenge challenge);

    /**
     * Takes the user's challenge with this value out of the store, expired or not: the caller decides. Empty when
     * there is none (unknown, another user's, taken already). Of concurrent takes of one challenge, on any instance,
     * exactly one finds it.
     */
    Optional<PasskeyChallenge> take(UserId userId, ByteString value);
}
