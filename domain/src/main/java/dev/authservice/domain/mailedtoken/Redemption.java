package dev.authservice.domain.mailedtoken;

import java.util.Objects;
import java.util.function.Function;

/**
 * What presenting a mailed token means: {@link Accepted}, with the token as its use leaves it, or {@link Refused}
 * for one {@link Refusal}. The client is told the same for every refusal.
 */
public sealed interface Redemption {

    <T> T match(Function<Accepted, T> accepted, Function<Refused, T> refused);

    /** @param used the token marked used, to be stored in the transaction that makes its change */
    record Accepted(MailedToken used) implements Redemption {
        public Accepted {
            Objects.requireNonNull(used, "used");
        }

        @Override
        public <T> T match(Function<Accepted, T> accepted, Function<Refused, T> refused) {
            return accepted.apply(this);
        }
    }

    record Refused(Refusal refusal) implements Redemption {
        public Refused {
            Objects.requireNonNull(refusal, "refusal");
        }

        @Override
        public <T> T match(Function<Accepted, T> accepted, Function<Refused, T> refused) {
            return refused.apply(this);
        }
    }

    /** Why a token does nothing, in the order {@link MailedToken#redeem} asks. */
    enum Refusal { UNKNOWN, USED, SUPERSEDED, EXPIRED, FINGERPRINT_CHANGED }
}
