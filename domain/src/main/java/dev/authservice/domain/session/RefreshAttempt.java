package dev.authservice.domain.session;

import dev.authservice.domain.session.TokenPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A client presenting a refresh token at {@code at}, with the successor that replaces it if the attempt is accepted.
 * Made before the token is looked up, so that the decision on what is found needs nothing more; the successor's
 * lifetime is the policy's, counted from {@code at}, cut short by its session's end. Under a reuse grace the successor
 * is made from the presented token, so that a repeat names the successor already stored.
 */
public record RefreshAttempt(RefreshTokenHash presented, RefreshTokenHash successor, Instant at,
                             Instant successorExpiresAt, Duration reuseGrace) {

    public RefreshAttempt {
        Objects.requireNonNull(presented, "presented");
        Objects.requireNonNull(successor, "successor");
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(successorExpiresAt, "successorExpiresAt");
        Objects.requireNonNull(reuseGrace, "reuseGrace");
    }

    public static RefreshAttempt of(RefreshTokenHash presented, RefreshTokenHash successor, Instant at,
                                    TokenPolicy policy) {
        return new RefreshAttempt(presented, successor, at, policy.refreshTokenExpiry(at), policy.reuseGrace());
    }

    /**
     * What this attempt means, given what the store has on record for the presented hash, if anything: the first
     * {@link RefusalRule} that refuses the token, else a rotation of an active token, a repeat of a rotated one
     * within the grace, or its reuse.
     */
    public Decision decide(Optional<TokenRecord> onRecord) {
        if (onRecord.isEmpty()) {
            return new Decision.Refuse(Refusal.UNKNOWN, Optional.empty());
        }
        TokenRecord found = onRecord.get();
        Optional<Refusal> refusal = RefusalRule.firstRefusal(found.token(), found.session(), found.owner(), at);
        if (refusal.isPresent()) {
            return new Decision.Refuse(refusal.get(), Optional.of(found.token()));
        }
        if (found.token() instanceof RefreshToken.Rotated rotated) {
            return repeatOrReuse(rotated, found);
        }
        RefreshToken.Active active = (RefreshToken.Active) found.token();
        return new Decision.Rotate(active.rotate(successor, at, found.session().expiryWithin(successorExpiresAt)),
                found.owner(), found.session());
    }

    /**
     * A repeat hands out the successor the rotation stored, so that successor must be one the rules would answer
     * now; anything else is reuse.
     */
    private Decision repeatOrReuse(RefreshToken.Rotated rotated, TokenRecord found) {
        return found.successor()
                .filter(successor -> rotated.isRepeatableAt(at, reuseGrace) && rotated.isSucceededBy(successor)
                        && RefusalRule.firstRefusal(successor, found.session(), found.owner(), at).isEmpty())
                .<Decision>map(successor -> new Decision.Repeat(rotated.repeat(at), (RefreshToken.Active) successor,
                        found.owner(), found.session()))
                .orElseGet(() -> new Decision.RevokeForReuse(rotated,
                        found.session().revoke(RevocationReason.REUSE_DETECTED, at)));
    }
}
