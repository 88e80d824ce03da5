package dev.authservice.application.mailedtoken.port.out;

import dev.authservice.domain.mailedtoken.MailedToken;
import dev.authservice.domain.mailedtoken.MailedTokenHash;
import java.time.Instant;
import java.util.Optional;

/** Where the tokens mailed to users are kept (password resets, address verifications), by their hash only. */
public interface MailedTokenStore {

    /**
     * Stores a new live token; every other live token of its user for the same purpose becomes {@code SUPERSEDED}:
     * one live per user and purpose.
     */
    void issue(MailedToken token);

    /** The token with {@code hash} issued for {@code purpose}; one for another purpose is not found. */
    Optional<MailedToken> find(MailedTokenHash hash, MailedToken.Purpose purpose);

    /**
     * Writes the use {@link dev.authservice.domain.mailedtoken.Redemption.Accepted} decided, if the token is still live:
     * of two uses at once, one writes. Returns whether this one did.
     */
    boolean use(MailedToken used);

    /** Forgets up to {@code limit} tokens that expired at or before {@code cutoff}; returns how many. */
    int forgetExpiredBy(Instant cutoff, int limit);
}
