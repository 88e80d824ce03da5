package dev.authservice.application.login.port.in;

import dev.authservice.application.session.port.in.IssuedTokens;
import dev.authservice.domain.audit.Requester;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * Logs in with a passkey alone, nobody having typed a username: the assertion names the passkey, the passkey its
 * user. Its challenge ({@link BeginPasskeyLogInUseCase}, without a ticket) is used up whatever the outcome. Logged in,
 * it answers as a login with a password does.
 */
public interface LogInWithPasskeyUseCase {

    Result logInWithPasskey(Command command);

    /**
     * @param assertion the JSON of {@code PublicKeyCredential.toJSON()} for {@code navigator.credentials.get()}
     * @param requester the client: the throttle counts by its address, the session and the audit trail keep it
     */
    record Command(String assertion, Requester requester) {
        public Command {
            Objects.requireNonNull(assertion, "assertion");
            Objects.requireNonNull(requester, "requester");
            Objects.requireNonNull(requester.clientAddress(), "requester.clientAddress");
        }

        /** An assertion names the user's handle and passkey: nothing for a log line. */
        @Override
        public String toString() {
            return "Command[****]";
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<LoggedIn, T> loggedIn, Function<Malformed, T> malformed,
                    Function<ChallengeRefused, T> challengeRefused, Function<Refused, T> refused,
                    Function<Throttled, T> throttled);

        record LoggedIn(IssuedTokens tokens) implements Result {
            @Override
            public <T> T match(Function<LoggedIn, T> loggedIn, Function<Malformed, T> malformed,
                               Function<ChallengeRefused, T> challengeRefused, Function<Refused, T> refused,
                               Function<Throttled, T> throttled) {
                return loggedIn.apply(this);
            }
        }

        /** Not an assertion at all: no challenge to be found in it, so none was used up. */
        record Malformed() implements Result {
            @Override
            public <T> T match(Function<LoggedIn, T> loggedIn, Function<Malformed, T> malformed,
                               Function<ChallengeRefused, T> challengeRefused, Function<Refused, T> refused,
                               Function<Throttled, T> throttled) {
                return malformed.apply(this);
            }
        }

        /** The challenge is unknown, used already, another login's or expired: ask for new options. */
        record ChallengeRefused() implements Result {
            @Override
            public <T> T match(Function<LoggedIn, T> loggedIn, Function<Malformed, T> malformed,
                               Function<ChallengeRefused, T> challengeRefused, Function<Refused, T> refused,
                               Function<Throttled, T> throttled) {
                return challengeRefused.apply(this);
            }
        }

        /**
         * Unknown passkey, a signature or origin that does not verify, no user verification, another user's handle,
         * a counter that did not go up, or a disabled account: deliberately one answer.
         */
        record Refused() implements Result {
            @Override
            public <T> T match(Function<LoggedIn, T> loggedIn, Function<Malformed, T> malformed,
                               Function<ChallengeRefused, T> challengeRefused, Function<Refused, T> refused,
                               Function<Throttled, T> throttled) {
                return refused.apply(this);
            }
        }

        record Throttled(Duration retryAfter) implements Result {
            @Override
            public <T> T match(Function<LoggedIn, T> loggedIn, Function<Malformed, T> malformed,
                               Function<ChallengeRefused, T> challengeRefused, Function<Refused, T> refused,
                               Function<Throttled, T> throttled) {
                return throttled.apply(this);
            }
        }
    }
}
