package dev.authservice.application.recovery.port.out;

import dev.authservice.domain.recovery.ResetToken;
import dev.authservice.domain.recovery.ResetTokenHash;
import java.time.Instant;
import java.util.Optional;

/** Where password-reset tokens are kept, by their hash only. */
public interface ResetTokenStore {

    /** Stores a new live token; every other live token of its user becomes {@code SUPERSEDED}: one live per user. */
    void issue(ResetToken token);

    Optional<ResetToken> find(ResetTokenHash hash);

    /**
     * Writes the use {@link dev.authservice.domain.recovery.Redemption.Accepted} decided, if the token is still live:
     * of two uses at once, one writes. Returns whether this one did.
     */
    boolean use(ResetToken used);

    /** Forgets up to {@code limit} tokens that expired at or before {@code cutoff}; returns how many. */
    int forgetExpiredBy(Instant cutoff, int limit);
}
