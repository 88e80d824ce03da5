package dev.authservice.application.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.user.Credentials;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/** Exchanges a username and password for an access token and the first refresh token of a new session. */
public interface LogInUseCase {

    Result logIn(Command command);

    /**
     * @param requester the client, before login: its address is what the throttle counts by, and, with its
     *                  User-Agent, what the session and the audit trail keep
     */
    record Command(Credentials credentials, Requester requester) {
        public Command {
            Objects.requireNonNull(credentials, "credentials");
            Objects.requireNonNull(requester, "requester");
            Objects.requireNonNull(requester.clientAddress(), "requester.clientAddress");
        }
    }

    /**
     * Refusals are ordinary outcomes, not exceptions. One function per outcome in {@link #match}: a new outcome does
     * not compile until every caller handles it.
     */
    sealed interface Result {

        <T> T match(Function<LoggedIn, T> loggedIn, Function<InvalidCredentials, T> invalidCredentials,
                    Function<Throttled, T> throttled);

        record LoggedIn(IssuedTokens tokens) implements Result {
            @Override
            public <T> T match(Function<LoggedIn, T> loggedIn, Function<InvalidCredentials, T> invalidCredentials,
                               Function<Throttled, T> throttled) {
                return loggedIn.apply(this);
            }
        }

        /** Unknown user, wrong password or disabled account: deliberately indistinguishable. */
        record InvalidCredentials() implements Result {
            @Override
            public <T> T match(Function<LoggedIn, T> loggedIn, Function<InvalidCredentials, T> invalidCredentials,
                               Function<Throttled, T> throttled) {
                return invalidCredentials.apply(this);
            }
        }

        record Throttled(Duration retryAfter) implements Result {
            @Override
            public <T> T match(Function<LoggedIn, T> loggedIn, Function<InvalidCredentials, T> invalidCredentials,
                               Function<Throttled, T> throttled) {
                return throttled.apply(this);
            }
        }
    }
}
