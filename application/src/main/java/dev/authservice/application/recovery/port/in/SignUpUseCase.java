package dev.authservice.application.recovery.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.Username;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * Anyone asks for an account of their own: a username, an address and a password. The answer is the same whether or
 * not the name or the address is taken, and takes the same time: the account is made, or the address told why not,
 * after the answer. Only the name and password rules, which read no account, and the limits change it.
 */
public interface SignUpUseCase {

    Result signUp(Command command);

    record Command(Username username, EmailAddress email, Password password, Requester requester) {
        public Command {
            Objects.requireNonNull(username, "username");
            Objects.requireNonNull(email, "email");
            Objects.requireNonNull(password, "password");
            Objects.requireNonNull(requester, "requester");
            Objects.requireNonNull(requester.clientAddress(), "requester.clientAddress");
        }

        @Override
        public String toString() {
            return "Command[" + username + ", ****]";
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Accepted, T> accepted, Function<RestrictedUsername, T> restrictedUsername,
                    Function<WeakPassword, T> weakPassword, Function<Throttled, T> throttled);

        /** Taken: an account is on its way, or the address will be told why none is. */
        record Accepted() implements Result {
            @Override
            public <T> T match(Function<Accepted, T> accepted, Function<RestrictedUsername, T> restrictedUsername,
                               Function<WeakPassword, T> weakPassword, Function<Throttled, T> throttled) {
                return accepted.apply(this);
            }
        }

        record RestrictedUsername(String reason) implements Result {
            @Override
            public <T> T match(Function<Accepted, T> accepted, Function<RestrictedUsername, T> restrictedUsername,
                               Function<WeakPassword, T> weakPassword, Function<Throttled, T> throttled) {
                return restrictedUsername.apply(this);
            }
        }

        record WeakPassword(String reason) implements Result {
            @Override
            public <T> T match(Function<Accepted, T> accepted, Function<RestrictedUsername, T> restrictedUsername,
                               Function<WeakPassword, T> weakPassword, Function<Throttled, T> throttled) {
                return weakPassword.apply(this);
            }
        }

        /** Too many sign-ups for this address or from this client inside the window. */
        record Throttled(Duration retryAfter) implements Result {
            public Throttled {
                Objects.requireNonNull(retryAfter, "retryAfter");
            }

            @Override
            public <T> T match(Function<Accepted, T> accepted, Function<RestrictedUsername, T> restrictedUsername,
                               Function<WeakPassword, T> weakPassword, Function<Throttled, T> throttled) {
                return throttled.apply(this);
            }
        }
    }
}
