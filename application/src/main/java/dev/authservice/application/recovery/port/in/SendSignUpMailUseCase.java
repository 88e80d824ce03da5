package dev.authservice.application.recovery.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.user.Username;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Anyone asks for the verification link of a pending account again, naming its username or address. The answer is
 * the same whoever it names; only a pending account is mailed, after the answer. Limited per name and per client.
 */
public interface SendSignUpMailUseCase {

    Result sendSignUpMail(Command command);

    /** Exactly one of {@code username} and {@code email}. */
    record Command(Optional<Username> username, Optional<EmailAddress> email, Requester requester) {
        public Command {
            Objects.requireNonNull(username, "username");
            Objects.requireNonNull(email, "email");
            Objects.requireNonNull(requester, "requester");
            Objects.requireNonNull(requester.clientAddress(), "requester.clientAddress");
            if (username.isPresent() == email.isPresent()) {
                throw new IllegalArgumentException("a request names a username or an email address, not both");
            }
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
