package dev.authservice.application.recovery.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * A logged-in user asks for the link that verifies their address again: a new one is mailed, and the one before is
 * void. Limited per account and per client network, as reset requests are. Sending a link changes nothing of how
 * one signs in, so no recent proof of who one is is asked.
 */
public interface SendVerificationMailUseCase {

    Result sendVerificationMail(Command command);

    record Command(UserId userId, Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(requester, "requester");
            Objects.requireNonNull(requester.clientAddress(), "requester.clientAddress");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Sent, T> sent, Function<NoAddress, T> noAddress,
                    Function<AlreadyVerified, T> alreadyVerified, Function<Throttled, T> throttled);

        /** A new link is on its way to the account's address. */
        record Sent() implements Result {
            @Override
            public <T> T match(Function<Sent, T> sent, Function<NoAddress, T> noAddress,
                               Function<AlreadyVerified, T> alreadyVerified, Function<Throttled, T> throttled) {
                return sent.apply(this);
            }
        }

        /** The account has no address to verify. */
        record NoAddress() implements Result {
            @Override
            public <T> T match(Function<Sent, T> sent, Function<NoAddress, T> noAddress,
                               Function<AlreadyVerified, T> alreadyVerified, Function<Throttled, T> throttled) {
                return noAddress.apply(this);
            }
        }

        /** The address is verified already: nothing is mailed. */
        record AlreadyVerified() implements Result {
            @Override
            public <T> T match(Function<Sent, T> sent, Function<NoAddress, T> noAddress,
                               Function<AlreadyVerified, T> alreadyVerified, Function<Throttled, T> throttled) {
                return alreadyVerified.apply(this);
            }
        }

        /** Too many links asked for this account or from this client inside the window. */
        record Throttled(Duration retryAfter) implements Result {
            public Throttled {
                Objects.requireNonNull(retryAfter, "retryAfter");
            }

            @Override
            public <T> T match(Function<Sent, T> sent, Function<NoAddress, T> noAddress,
                               Function<AlreadyVerified, T> alreadyVerified, Function<Throttled, T> throttled) {
                return throttled.apply(this);
            }
        }
    }
}
