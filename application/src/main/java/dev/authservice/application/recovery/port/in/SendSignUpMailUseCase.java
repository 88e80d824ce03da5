package dev.authservice.application.recovery.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.recovery.AccountIdentifier;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * Anyone asks for the verification link of a pending account again, naming its username or address. The answer is
 * the same whoever it names; only a pending account is mailed, after the answer. Limited per name and per client.
 */
public interface SendSignUpMailUseCase {

    Result sendSignUpMail(Command command);

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

        record Accepted() implements Result {
            @Override
            public <T> T match(Function<Accepted, T> accepted, Function<Throttled, T> throttled) {
                return accepted.apply(this);
            }
        }

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
