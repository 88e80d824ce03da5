package dev.authservice.application.federation.port.out;

import dev.authservice.domain.federation.ExternalIdentity;
import dev.authservice.domain.federation.IdentityProvider;
import dev.authservice.domain.federation.ProviderClaims;
import dev.authservice.domain.federation.ProviderName;
import java.net.URI;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The configured OpenID providers and the protocol spoken to them: where to send a browser to sign in, and what an
 * answer brought back to the callback proves. Every check of the answer (the response's {@code iss}, the code
 * exchange, the ID token's signature and claims) is the adapter's; the service gets a verified identity or a refusal.
 * A provider that cannot be reached in time throws {@link IdentityProviderUnavailableException}.
 */
public interface IdentityProviders {

    /** Every configured provider, in the order the adapter was given them. */
    List<IdentityProvider> all();

    Optional<IdentityProvider> find(ProviderName name);

    /** The URL of {@code name}'s authorization endpoint with this request: the code flow, PKCE S256, state, nonce. */
    URI authorizationUrl(ProviderName name, AuthorizationRequest request);

    /** Checks {@code response}, exchanges its code and validates the ID token against the request's nonce. */
    Exchange exchange(ProviderName name, AuthorizationResponse response, AuthorizationRequest request);

    /** @param codeVerifier the PKCE verifier; its S256 challenge goes with the request, itself with the exchange */
    record AuthorizationRequest(String state, String nonce, String codeVerifier) {
        public AuthorizationRequest {
            Objects.requireNonNull(state, "state");
            Objects.requireNonNull(nonce, "nonce");
            Objects.requireNonNull(codeVerifier, "codeVerifier");
        }

        @Override
        public String toString() {
            return "AuthorizationRequest[****]";
        }
    }

    /**
     * What the browser brought back to the callback, the state aside.
     *
     * @param issuer RFC 9207's {@code iss}, when the provider sent one
     * @param error  the provider's {@code error} code, when it refused
     */
    record AuthorizationResponse(Optional<String> code, Optional<String> issuer, Optional<String> error) {
        public AuthorizationResponse {
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(issuer, "issuer");
            Objects.requireNonNull(error, "error");
        }

        @Override
        public String toString() {
            return "AuthorizationResponse[code ****, " + issuer + ", " + error + "]";
        }
    }

    /** What an answer proves: a verified identity and its claims, or nothing, with the reason for the audit trail and the logs. */
    sealed interface Exchange {

        <T> T match(Function<Verified, T> verified, Function<Refused, T> refused);

        /** @param claims what the ID token says of its user beside who they are */
        record Verified(ExternalIdentity identity, ProviderClaims claims) implements Exchange {
            public Verified {
                Objects.requireNonNull(identity, "identity");
                Objects.requireNonNull(claims, "claims");
            }

            @Override
            public <T> T match(Function<Verified, T> verified, Function<Refused, T> refused) {
                return verified.apply(this);
            }
        }

        record Refused(String reason) implements Exchange {
            public Refused {
                Objects.requireNonNull(reason, "reason");
            }

            @Override
            public <T> T match(Function<Verified, T> verified, Function<Refused, T> refused) {
                return refused.apply(this);
            }
        }
    }
}
