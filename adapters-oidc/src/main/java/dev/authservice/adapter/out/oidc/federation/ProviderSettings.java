package dev.authservice.adapter.out.oidc.federation;

import dev.authservice.domain.federation.IdentityProvider;
import java.net.URI;
import java.util.List;
import java.util.Objects;

/**
 * One provider as configured ({@code auth.identity-providers.<name>.*}): what users see, the issuer it is discovered
 * from, and this service's client there. {@code openid} is asked for whether the scopes name it or not.
 *
 * @param credentials how the client proves itself at the token endpoint: a secret or a private key
 * @param redirectUri the callback registered at the provider, exactly: sent with the request and with the exchange
 */
public record ProviderSettings(IdentityProvider provider, URI issuer, String clientId, ClientCredentials credentials,
                               List<String> scopes, URI redirectUri) {

    public ProviderSettings {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(issuer, "issuer");
        Objects.requireNonNull(clientId, "clientId");
        Objects.requireNonNull(credentials, "credentials");
        scopes = List.copyOf(scopes);
        Objects.requireNonNull(redirectUri, "redirectUri");
    }

    @Override
    public String toString() {
        return "ProviderSettings[" + provider.name() + ", " + issuer + ", " + clientId + ", " + credentials + "]";
    }
}
