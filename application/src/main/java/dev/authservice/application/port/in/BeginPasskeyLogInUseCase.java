package dev.authservice.application.port.in;

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

    /** @param ticket as the client presented it, if any; whatever it is, it is looked up by hash only */
    record Command(Optional<String> ticket) {
        public Command {
            Objects.requireNonNull(ticket, "ticket");
        }

        @Override
        public String toString() {
            return ticket.isPresent() ? "Command[****]" : "Command[]";
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Started, T> started, Function<TicketInvalid, T> ticketInvalid,
                    Function<NoPasskey, T> noPasskey);

        record Started(PasskeyRequestOptions options) implements Result {
            @Override
            public <T> T match(Function<Started, T> started, Function<TicketInvalid, T> ticketInvalid,
                               Function<NoPasskey, T> noPasskey) {
                return started.apply(this);
            }
        }

        /** Unknown, used, exhausted or expired: log in again. No challenge is issued. */
        record TicketInvalid() implements Result {
            @Override
            public <T> T match(Function<Started, T> started, Function<TicketInvalid, T> ticketInvalid,
                               Function<NoPasskey, T> noPasskey) {
                return ticketInvalid.apply(this);
            }
        }

        /** The ticket's user holds no passkey: another method completes their login. No challenge is issued. */
        record NoPasskey() implements Result {
            @Override
            public <T> T match(Function<Started, T> started, Function<TicketInvalid, T> ticketInvalid,
                               Function<NoPasskey, T> noPasskey) {
                return noPasskey.apply(this);
            }
        }
    }
}
