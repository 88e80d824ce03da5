package dev.authservice.application.login.port.in;

import dev.authservice.application.session.port.in.IssuedTokens;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.TotpCode;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Completes a login that {@link LogInUseCase} left waiting for its second factor: the ticket it handed out and a code
 * of the user's authenticator app, one of their recovery codes, or an assertion of one of their passkeys over a
 * challenge issued for the ticket ({@link BeginPasskeyLogInUseCase}). Completed, it answers as a login does.
 */
public interface CompleteLogInUseCase {

    Result completeLogIn(Command command);

    /**
     * Exactly one of {@code code}, {@code recoveryCode} and {@code passkey}.
     *
     * @param ticket    as the client presented it; whatever it is, it is looked up by hash only
     * @param passkey   the JSON of {@code PublicKeyCredential.toJSON()} for {@code navigator.credentials.get()}
     * @param requester the client: the throttle counts by its address, the session and the audit trail keep it
     */
    record Command(String ticket, Optional<TotpCode> code, Optional<RecoveryCode> recoveryCode,
                   Optional<String> passkey, Requester requester) {
        public Command {
            Objects.requireNonNull(ticket, "ticket");
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(recoveryCode, "recoveryCode");
            Objects.requireNonNull(passkey, "passkey");
            Objects.requireNonNull(requester, "requester");
            Objects.requireNonNull(requester.clientAddress(), "requester.clientAddress");
            if (Stream.of(code, recoveryCode, passkey).filter(Optional::isPresent).count() != 1) {
                throw new IllegalArgumentException("a second factor is a code, a recovery code or a passkey");
            }
        }

        @Override
        public String toString() {
            return "Command[****]";
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<LoggedIn, T> loggedIn, Function<WrongCode, T> wrongCode,
                    Function<TicketInvalid, T> ticketInvalid, Function<Throttled, T> throttled,
                    Function<TotpLocked, T> totpLocked);

        record LoggedIn(IssuedTokens tokens) implements Result {
            @Override
            public <T> T match(Function<LoggedIn, T> loggedIn, Function<WrongCode, T> wrongCode,
                               Function<TicketInvalid, T> ticketInvalid, Function<Throttled, T> throttled,
                               Function<TotpLocked, T> totpLocked) {
                return loggedIn.apply(this);
            }
        }

        /**
         * A wrong, replayed or used-up code, or a passkey's assertion that is refused (its challenge included): counted
         * against the ticket, which dies after the policy's limit.
         */
        record WrongCode() implements Result {
            @Override
            public <T> T match(Function<LoggedIn, T> loggedIn, Function<WrongCode, T> wrongCode,
                               Function<TicketInvalid, T> ticketInvalid, Function<Throttled, T> throttled,
                               Function<TotpLocked, T> totpLocked) {
                return wrongCode.apply(this);
            }
        }

        /** Unknown, used, exhausted or expired, or its user disabled meanwhile: log in again. */
        record TicketInvalid() implements Result {
            @Override
            public <T> T match(Function<LoggedIn, T> loggedIn, Function<WrongCode, T> wrongCode,
                               Function<TicketInvalid, T> ticketInvalid, Function<Throttled, T> throttled,
                               Function<TotpLocked, T> totpLocked) {
                return ticketInvalid.apply(this);
            }
        }

        record Throttled(Duration retryAfter) implements Result {
            @Override
            public <T> T match(Function<LoggedIn, T> loggedIn, Function<WrongCode, T> wrongCode,
                               Function<TicketInvalid, T> ticketInvalid, Function<Throttled, T> throttled,
                               Function<TotpLocked, T> totpLocked) {
                return throttled.apply(this);
            }
        }

        /**
         * The authenticator app's codes are refused for good: its secret has had every wrong code it may, from
         * whichever addresses. A recovery code or a passkey still completes the login.
         */
        record TotpLocked() implements Result {
            @Override
            public <T> T match(Function<LoggedIn, T> loggedIn, Function<WrongCode, T> wrongCode,
                               Function<TicketInvalid, T> ticketInvalid, Function<Throttled, T> throttled,
                               Function<TotpLocked, T> totpLocked) {
                return totpLocked.apply(this);
            }
        }
    }
}
