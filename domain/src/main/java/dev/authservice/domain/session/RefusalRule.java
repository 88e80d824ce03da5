package dev.authservice.domain.session;

import dev.authservice.domain.user.UserAccount;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;

/**
 * What a token found on record must be for a refresh to be answered with it, one named rule per {@link Refusal}.
 * {@link RefreshAttempt#decide} asks them in this order, of the presented token and, before a repeat, of the
 * successor it would hand out again; the first that refuses says why. A new reason to refuse is a new rule here and a
 * new {@link Refusal}, not another branch of the decision.
 */
public enum RefusalRule {

    /** A revoked session refuses every token of it, a rotated one too: nothing is left to revoke for its reuse. */
    THE_SESSION_IS_NOT_REVOKED(Refusal.SESSION_REVOKED, Asked.OF_EVERY_TOKEN,
            (token, session, owner, at) -> session.isRevoked()),
    THE_SESSION_HAS_NOT_ENDED(Refusal.SESSION_ENDED, Asked.OF_ACTIVE_TOKENS,
            (token, session, owner, at) -> session.hasEndedAt(at)),
    THE_TOKEN_HAS_NOT_EXPIRED(Refusal.EXPIRED, Asked.OF_ACTIVE_TOKENS,
            (token, session, owner, at) -> token.isExpiredAt(at)),
    THE_OWNER_IS_ENABLED(Refusal.OWNER_DISABLED, Asked.OF_ACTIVE_TOKENS,
            (token, session, owner, at) -> !owner.enabled());

    /**
     * Which tokens a rule is asked of. A rotated token is reuse whatever its expiry, its session's end or its owner
     * (a copy of it is out there, and so is its successor); only a revoked session, which has nothing left to end,
     * refuses it.
     */
    enum Asked { OF_EVERY_TOKEN, OF_ACTIVE_TOKENS }

    @FunctionalInterface
    interface Refuses {
        boolean when(RefreshToken token, Session session, UserAccount owner, Instant at);
    }

    private final Refusal refusal;
    private final Asked asked;
    private final Refuses refuses;

    RefusalRule(Refusal refusal, Asked asked, Refuses refuses) {
        this.refusal = refusal;
        this.asked = asked;
        this.refuses = refuses;
    }

    /** What this rule says when it refuses. */
    public Refusal refusal() {
        return refusal;
    }

    /** Why presenting {@code token} of {@code session}, owned by {@code owner}, at {@code at} is refused, if it is. */
    static Optional<Refusal> firstRefusal(RefreshToken token, Session session, UserAccount owner, Instant at) {
        return Arrays.stream(values())
                .filter(rule -> rule.asked == Asked.OF_EVERY_TOKEN || token instanceof RefreshToken.Active)
                .filter(rule -> rule.refuses.when(token, session, owner, at))
                .map(RefusalRule::refusal)
                .findFirst();
    }
}
