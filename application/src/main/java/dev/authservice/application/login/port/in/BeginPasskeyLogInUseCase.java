package dev.authservice.application.login.port.in;

import dev.authservice.domain.network.ClientAddress;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Starts a login with a passkey: a new challenge, good for one assertion within a few minutes, and the options a
 * client hands its authenticator. Without a ticket the passkey logs in alone; with the ticket of a login waiting for
 * its second factor ({@link LogInUseCase.Result.SecondFactorRequired}), the challenge is bound to that login, and one
 * of its user's passkeys completes it ({@link CompleteLogInUseCase}).
 */
public interface BeginPasskeyLogInUseCase {

    Result beginPasskeyLogIn(Command command);

    /**
     * @param ticket as the client presented it, if any; whatever it is, it is looked up by hash only
     * @param client who asks: without a ticket, a client holds only so many unanswered challenges at a time
     */
    record Command(Optional<String> ticket, ClientAddress client) {
        public Command {
            Objects.requireNonNull(ticket, "ticket");
            Objects.requireNonNull(client, "client");
        }

        @Override
        public String toString() {
            return ticket.isPresent() ? "Command[****]" : "Command[]";
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Started, T> started, Function<TicketInvalid, T> ticketInvalid,
                    Function<NoPasskey, T> noPasskey, Function<Throttled, T> throttled);

        record Started(PasskeyRequestOptions options) implements Result {
            @Override
            public <T> T match(Function<Started, T> started, Function<TicketInvalid, T> ticketInvalid,
                               Function<NoPasskey, T> noPasskey, Function<Throttled, T> throttled) {
                return started.apply(this);
            }
        }

        /** Unknown, used, exhausted or expired: log in again. No challenge is issued. */
        record TicketInvalid() implements Result {
            @Override
            public <T> T match(Function<Started, T> started, Function<TicketInvalid, T> ticketInvalid,
                               Function<NoPasskey, T> noPasskey, Function<Throttled, T> throttled) {
                return ticketInvalid.apply(this);
            }
        }

        /** The ticket's user holds no passkey: another method completes their login. No challenge is issued. */
        record NoPasskey() implements Result {
            @Override
            public <T> T match(Function<Started, T> started, Function<TicketInvalid, T> ticketInvalid,
                               Function<NoPasskey, T> noPasskey, Function<Throttled, T> throttled) {
                return noPasskey.apply(this);
            }
        }

        /**
         * Without a ticket: the client holds as many unanswered challenges as it may
         * ({@code OpenPerAddressLimit}); another is issued once the first of them expires. None is issued.
         */
        record Throttled(Duration retryAfter) implements Result {
            @Override
            public <T> T match(Function<Started, T> started, Function<TicketInvalid, T> ticketInvalid,
                               Function<NoPasskey, T> noPasskey, Function<Throttled, T> throttled) {
                return throttled.apply(this);
            }
        }
    }
}
