package dev.authservice.domain.mail;

import dev.authservice.domain.Require;
import java.time.Instant;
import java.util.Objects;

/**
 * Where a mail stands, one type per state. Only a pending mail is tried, and only its transitions make the others:
 *
 * <pre>
 *   queued ──────────────────────────────────────────────▶ Pending, due at once
 *   Pending, due ─┬─ the server took it ─────────────────▶ Sent
 *                 ├─ the server refused it for good ─────▶ GivenUp
 *                 └─ the attempt failed ─┬─ its last attempt, or the mail too old ──▶ GivenUp
 *                                        └─ otherwise ──▶ Pending, due after the back-off
 * </pre>
 *
 * The policy ({@link DeliveryPolicy}) says how long the back-off is and when a mail is given up. Delivery is at least
 * once: a mail the server took, whose answer was lost, is tried again, under the same {@link MessageId}.
 */
public sealed interface MailDelivery {

    /** How many attempts were made. */
    int attempts();

    /** A mail just queued: due at once, no attempt made. */
    static Pending queued(Instant at) {
        return new Pending(0, at);
    }

    /** Waiting for its next attempt, due at {@code nextAttemptAt}. */
    record Pending(int attempts, Instant nextAttemptAt) implements MailDelivery {

        public Pending {
            Require.atLeast("attempts", attempts, 0);
            Objects.requireNonNull(nextAttemptAt, "nextAttemptAt");
        }

        public boolean isDueAt(Instant now) {
            return !now.isBefore(nextAttemptAt);
        }

        /** The server took it at {@code at}. */
        public Sent sent(Instant at) {
            return new Sent(attempts + 1, at);
        }

        /** The server refused it for good (no such recipient): trying again would change nothing. */
        public GivenUp refused(Instant at, String reason) {
            return new GivenUp(attempts + 1, at, reason);
        }

        /**
         * The attempt at {@code at} failed (the server down, a time-out, a refusal for now): tried again after the
         * back-off, or given up when the policy says so.
         */
        public MailDelivery failed(OutgoingMail mail, Instant at, String reason, DeliveryPolicy policy,
                                   BackOffJitter jitter) {
            int made = attempts + 1;
            if (policy.givesUp(made, mail.createdAt(), at)) {
                return new GivenUp(made, at, reason);
            }
            return new Pending(made, at.plus(policy.backOff(made, jitter)));
        }
    }

    /** Taken by the server at {@code sentAt}; tried no more. */
    record Sent(int attempts, Instant sentAt) implements MailDelivery {

        public Sent {
            Require.atLeast("attempts", attempts, 1);
            Objects.requireNonNull(sentAt, "sentAt");
        }
    }

    /** Tried no more since {@code givenUpAt}; {@code reason}, the last attempt's failure, for whoever looks. */
    record GivenUp(int attempts, Instant givenUpAt, String reason) implements MailDelivery {

        public static final int MAX_REASON_LENGTH = 500;

        public GivenUp {
            Require.atLeast("attempts", attempts, 1);
            Objects.requireNonNull(givenUpAt, "givenUpAt");
            reason = Require.kept(Objects.requireNonNull(reason, "reason"), MAX_REASON_LENGTH);
        }
    }
}
