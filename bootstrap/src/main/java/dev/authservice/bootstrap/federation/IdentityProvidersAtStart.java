package dev.authservice.bootstrap.federation;

import dev.authservice.application.federation.port.out.IdentityProviders;
import io.micronaut.context.BeanProvider;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.runtime.server.event.ServerStartupEvent;
import jakarta.inject.Singleton;

/**
 * Builds the identity providers as soon as the server listens, so that a provider's mistake (a missing key, both or
 * neither of a secret and a private key, a key that cannot sign) stops the start rather than its first sign-in. Not
 * earlier: in development the redirect URI is the server's own address, known only then.
 */
@Singleton
class IdentityProvidersAtStart implements ApplicationEventListener<ServerStartupEvent> {

    private final BeanProvider<IdentityProviders> providers;

    IdentityProvidersAtStart(BeanProvider<IdentityProviders> providers) {
        this.providers = providers;
    }

    @Override
    public void onApplicationEvent(ServerStartupEvent started) {
        providers.get();
    }
}
