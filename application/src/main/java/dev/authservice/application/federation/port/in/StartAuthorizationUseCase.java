package dev.authservice.application.federation.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.federation.ProviderName;
import dev.authservice.domain.user.UserId;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A browser starts an authorization at an identity provider: to sign in with it, or, signed in, to link an identity
 * there to its account. The answer is where to send the browser, and the value the browser keeps in a cookie, which
 * the callback must bring back.
 */
public interface StartAuthorizationUseCase {

    Result startAuthorization(Command command);

    /** @param linking the signed-in user to link the identity to; empty for a sign-in */
    record Command(ProviderName provider, Optional<Linking> linking, Requester requester) {
        public Command {
            Objects.requireNonNull(provider, "provider");
            Objects.requireNonNull(linking, "linking");
            Objects.requireNonNull(requester, "requester");
        }
    }

    /**
     * @param authenticatedAt when the caller's session last proved who its user is: a link changes how they sign in,
     *                        so it asks for a recent proof, as the other credential changes do
     */
    record Linking(UserId userId, Instant authenticatedAt) {
        public Linking {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(authenticatedAt, "authenticatedAt");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Started, T> started, Function<UnknownProvider, T> unknownProvider,
                    Function<ReauthenticationRequired, T> reauthenticationRequired,
                    Function<ProviderUnavailable, T> providerUnavailable, Function<Throttled, T> throttled);

        /**
         * @param authorizationUrl where the browser goes next
         * @param browserBinding   for the browser's cookie only; the store keeps its hash
         */
        record Started(URI authorizationUrl, String browserBinding, Duration lifetime) implements Result {
            public Started {
                Objects.requireNonNull(authorizationUrl, "authorizationUrl");
                Objects.requireNonNull(browserBinding, "browserBinding");
                Objects.requireNonNull(lifetime, "lifetime");
            }

            @Override
            public <T> T match(Function<Started, T> started, Function<UnknownProvider, T> unknownProvider,
                               Function<ReauthenticationRequired, T> reauthenticationRequired,
                               Function<ProviderUnavailable, T> providerUnavailable,
                               Function<Throttled, T> throttled) {
                return started.apply(this);
            }

            @Override
            public String toString() {
                return "Started[" + authorizationUrl.getHost() + ", ****]";
            }
        }

        record UnknownProvider() implements Result {
            @Override
            public <T> T match(Function<Started, T> started, Function<UnknownProvider, T> unknownProvider,
                               Function<ReauthenticationRequired, T> reauthenticationRequired,
                               Function<ProviderUnavailable, T> providerUnavailable,
                               Function<Throttled, T> throttled) {
                return unknownProvider.apply(this);
            }
        }

        /** A link asked for by a session that proved who its user is too long ago: they prove it again first. */
        record ReauthenticationRequired() implements Result {
            @Override
            public <T> T match(Function<Started, T> started, Function<UnknownProvider, T> unknownProvider,
                               Function<ReauthenticationRequired, T> reauthenticationRequired,
                               Function<ProviderUnavailable, T> providerUnavailable,
                               Function<Throttled, T> throttled) {
                return reauthenticationRequired.apply(this);
            }
        }

        /** The provider's discovery document could not be read in time. */
        record ProviderUnavailable() implements Result {
            @Override
            public <T> T match(Function<Started, T> started, Function<UnknownProvider, T> unknownProvider,
                               Function<ReauthenticationRequired, T> reauthenticationRequired,
                               Function<ProviderUnavailable, T> providerUnavailable,
                               Function<Throttled, T> throttled) {
                return providerUnavailable.apply(this);
            }
        }

        /**
         * The client holds as many open authorizations as it may ({@code OpenPerAddressLimit}): another starts once
         * the first of them expires. Nothing is stored.
         */
        record Throttled(Duration retryAfter) implements Result {
            public Throttled {
                Objects.requireNonNull(retryAfter, "retryAfter");
            }

            @Override
            public <T> T match(Function<Started, T> started, Function<UnknownProvider, T> unknownProvider,
                               Function<ReauthenticationRequired, T> reauthenticationRequired,
                               Function<ProviderUnavailable, T> providerUnavailable,
                               Function<Throttled, T> throttled) {
                return throttled.apply(this);
            }
        }
    }
}
