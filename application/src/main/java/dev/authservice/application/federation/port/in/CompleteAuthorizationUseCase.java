package dev.authservice.application.federation.port.in;

import dev.authservice.application.session.port.in.IssuedTokens;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.federation.ProviderName;
import dev.authservice.domain.secondfactor.SecondFactorMethod;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The browser comes back from the identity provider to its callback. A sign-in signs into the local account linked
 * to the identity the provider vouched for, and into no other: an address that matches a local account links
 * nothing by itself. A link links the identity to the user who started it.
 */
public interface CompleteAuthorizationUseCase {

    Result completeAuthorization(Command command);

    /**
     * @param state          the {@code state} the browser brought back, never logged
     * @param code           the authorization code, when the provider sent one
     * @param issuer         RFC 9207's {@code iss}, when the provider sent one
     * @param error          the provider's {@code error}, when it refused
     * @param browserBinding the value of the cookie set at the start, when the browser sent it
     */
    record Command(ProviderName provider, String state, Optional<String> code, Optional<String> issuer,
                   Optional<String> error, Optional<String> browserBinding, Requester requester) {
        public Command {
            Objects.requireNonNull(provider, "provider");
            Objects.requireNonNull(state, "state");
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(issuer, "issuer");
            Objects.requireNonNull(error, "error");
            Objects.requireNonNull(browserBinding, "browserBinding");
            Objects.requireNonNull(requester, "requester");
        }

        @Override
        public String toString() {
            return "Command[" + provider + ", ****]";
        }
    }

    /** Why a callback signs in or links nothing: what the browser is told. */
    enum Refusal {
        /** The state is unknown, used, expired, another provider's, or the browser is not the one that started it. */
        INVALID_STATE,
        /** The provider refused, or its answer failed a check (code, issuer, ID token). */
        PROVIDER_REFUSED,
        /** No local account is linked to the identity: sign in otherwise and link it. */
        NOT_LINKED,
        /** The identity is linked to another account. */
        LINKED_ELSEWHERE,
        /** The account is disabled, or changed while the sign-in ran. */
        ACCOUNT_UNAVAILABLE
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<SignedIn, T> signedIn, Function<SecondFactorRequired, T> secondFactorRequired,
                    Function<Linked, T> linked, Function<Refused, T> refused,
                    Function<ProviderUnavailable, T> providerUnavailable);

        /** A session started, as a password login starts one. */
        record SignedIn(IssuedTokens tokens) implements Result {
            @Override
            public <T> T match(Function<SignedIn, T> signedIn, Function<SecondFactorRequired, T> secondFactorRequired,
                               Function<Linked, T> linked, Function<Refused, T> refused,
                               Function<ProviderUnavailable, T> providerUnavailable) {
                return signedIn.apply(this);
            }
        }

        /**
         * The account has a second factor: as after a right password, no session yet, but a ticket that
         * {@code CompleteLogInUseCase} exchanges, with a code or a passkey, for one whose amr names both.
         *
         * @param ticket opaque, for the client; the store keeps only its hash
         */
        record SecondFactorRequired(String ticket, List<SecondFactorMethod> methods, Duration lifetime)
                implements Result {
            public SecondFactorRequired {
                Objects.requireNonNull(ticket, "ticket");
                methods = List.copyOf(methods);
                Objects.requireNonNull(lifetime, "lifetime");
            }

            public <T> T match(Function<SignedIn, T> signedIn, Function<SecondFactorRequired, T> secondFactorRequired,
                               Function<Linked, T> linked, Function<Refused, T> refused,
                               Function<ProviderUnavailable, T> providerUnavailable) {
                return secondFactorRequired.apply(this);
            }

            @Override
            public String toString() {
                return "SecondFactorRequired[****, " + methods + ", " + lifetime + "]";
            }
        }

        record Linked() implements Result {
            @Override
            public <T> T match(Function<SignedIn, T> signedIn, Function<SecondFactorRequired, T> secondFactorRequired,
                               Function<Linked, T> linked, Function<Refused, T> refused,
                               Function<ProviderUnavailable, T> providerUnavailable) {
                return linked.apply(this);
            }
        }

        record Refused(Refusal why) implements Result {
            public Refused {
                Objects.requireNonNull(why, "why");
            }

            @Override
            public <T> T match(Function<SignedIn, T> signedIn, Function<SecondFactorRequired, T> secondFactorRequired,
                               Function<Linked, T> linked, Function<Refused, T> refused,
                               Function<ProviderUnavailable, T> providerUnavailable) {
                return refused.apply(this);
            }
        }

        /** The provider did not answer the code exchange in time; the state is used, and the user starts again. */
        record ProviderUnavailable() implements Result {
            @Override
            public <T> T match(Function<SignedIn, T> signedIn, Function<SecondFactorRequired, T> secondFactorRequired,
                               Function<Linked, T> linked, Function<Refused, T> refused,
                               Function<ProviderUnavailable, T> providerUnavailable) {
                return providerUnavailable.apply(this);
            }
        }
    }
}
