package dev.authservice.application.login.port.in;

import dev.authservice.application.session.port.in.IssuedTokens;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.secondfactor.SecondFactorMethod;
import dev.authservice.domain.user.Credentials;
import java.time.Duration;
import java.util.List;
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

        <T> T match(Function<LoggedIn, T> loggedIn, Function<SecondFactorRequired, T> secondFactorRequired,
                    Function<InvalidCredentials, T> invalidCredentials, Function<Throttled, T> throttled,
                    Function<EmailNotVerified, T> emailNotVerified);

        record LoggedIn(IssuedTokens tokens) implements Result {
            @Override
            public <T> T match(Function<LoggedIn, T> loggedIn, Function<SecondFactorRequired, T> secondFactorRequired,
                               Function<InvalidCredentials, T> invalidCredentials, Function<Throttled, T> throttled,
                               Function<EmailNotVerified, T> emailNotVerified) {
                return loggedIn.apply(this);
            }
        }

        /**
         * The password was right, and the account has a second factor: no session yet, but a ticket that
         * {@link CompleteLogInUseCase} exchanges, with a code, for what {@link LoggedIn} would have carried.
         *
         * @param ticket   opaque, for the client; the store keeps only its hash
         * @param methods  the ways the user may prove the second factor
         * @param lifetime how long the ticket is good for
         */
        record SecondFactorRequired(String ticket, List<SecondFactorMethod> methods, Duration lifetime)
                implements Result {
            public SecondFactorRequired {
                Objects.requireNonNull(ticket, "ticket");
                methods = List.copyOf(methods);
                Objects.requireNonNull(lifetime, "lifetime");
            }

            @Override
            public <T> T match(Function<LoggedIn, T> loggedIn, Function<SecondFactorRequired, T> secondFactorRequired,
                               Function<InvalidCredentials, T> invalidCredentials, Function<Throttled, T> throttled,
                               Function<EmailNotVerified, T> emailNotVerified) {
                return secondFactorRequired.apply(this);
            }

            @Override
            public String toString() {
                return "SecondFactorRequired[****, " + methods + ", " + lifetime + "]";
            }
        }

        /** Unknown user, wrong password or disabled account: deliberately indistinguishable. */
        record InvalidCredentials() implements Result {
            @Override
            public <T> T match(Function<LoggedIn, T> loggedIn, Function<SecondFactorRequired, T> secondFactorRequired,
                               Function<InvalidCredentials, T> invalidCredentials, Function<Throttled, T> throttled,
                               Function<EmailNotVerified, T> emailNotVerified) {
                return invalidCredentials.apply(this);
            }
        }

        /**
         * The password was right, for an account made by sign-up whose address is not verified yet: no session until
         * it is. Only the holder of the password learns this, so it tells no one else that the account exists.
         */
        record EmailNotVerified() implements Result {
            @Override
            public <T> T match(Function<LoggedIn, T> loggedIn, Function<SecondFactorRequired, T> secondFactorRequired,
                               Function<InvalidCredentials, T> invalidCredentials, Function<Throttled, T> throttled,
                               Function<EmailNotVerified, T> emailNotVerified) {
                return emailNotVerified.apply(this);
            }
        }

        record Throttled(Duration retryAfter) implements Result {
            @Override
            public <T> T match(Function<LoggedIn, T> loggedIn, Function<SecondFactorRequired, T> secondFactorRequired,
                               Function<InvalidCredentials, T> invalidCredentials, Function<Throttled, T> throttled,
                               Function<EmailNotVerified, T> emailNotVerified) {
                return throttled.apply(this);
            }
        }
    }
}
