package dev.authservice.application.port.in;

import dev.authservice.domain.user.Credentials;
import java.time.Duration;
import java.util.Objects;

/** Exchanges a username and password for an access token and the first refresh token of a new session. */
public interface LogInUseCase {

    Result logIn(Command command);

    /**
     * @param clientAddress the address the request came from, for throttling and the session record
     * @param userAgent     as the client sent it, or null
     */
    record Command(Credentials credentials, String clientAddress, String userAgent) {
        public Command {
            Objects.requireNonNull(credentials, "credentials");
            Objects.requireNonNull(clientAddress, "clientAddress");
        }
    }

    /** Refusals are ordinary outcomes, not exceptions. */
    sealed interface Result {
        record LoggedIn(IssuedTokens tokens) implements Result {
        }

        /** Unknown user, wrong password or disabled account: deliberately indistinguishable. */
        record InvalidCredentials() implements Result {
        }

        record Throttled(Duration retryAfter) implements Result {
        }
    }
}
