package dev.authservice.application.recovery.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.recovery.AccountIdentifier;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * Anyone asks for a password-reset link, naming a username or an email address. The answer is the same whether or
 * not an account matched, and takes the same time: the account is looked up, and the link mailed to its verified
 * address, after the answer. Only the limits on requests per identifier and per client change it.
 */
public interface RequestPasswordResetUseCase {

    Result requestPasswordReset(Command command);

    record Command(AccountIdentifier identifier, Requester requester) {
        public Command {
            Objects.requireNonNull(identifier, "identifier");
            Objects.requireNonNull(requester, "requester");
            Objects.requireNonNull(requester.clientAddress(), "requester.clientAddress");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Accepted, T> accepted, Function<Throttled, T> throttled);

        /** Taken: a link is on its way if the name is an enabled account's with a verified address. */
        record Accepted() implements Result {
            @Override
            public <T> T match(Function<Accepted, T> accepted, Function<Throttled, T> throttled) {
                return accepted.apply(this);
            }
        }

        /** Too many requests for this identifier or from this client inside the window. */
        record Throttled(Duration retryAfter) implements Result {
            public Throttled {
                Objects.requireNonNull(retryAfter, "retryAfter");
            }

            @Override
            public <T> T match(Function<Accepted, T> accepted, Function<Throttled, T> throttled) {
                return throttled.apply(this);
            }
        }
    }
}
