package dev.authservice.application.federation.service;

import dev.authservice.application.federation.port.in.ListIdentityProvidersUseCase;
import dev.authservice.application.federation.port.out.IdentityProviders;
import java.util.Objects;

public final class ListIdentityProvidersService implements ListIdentityProvidersUseCase {

    private final IdentityProviders providers;

    public ListIdentityProvidersService(IdentityProviders providers) {
        this.providers = Objects.requireNonNull(providers);
    }

    @Override
    public Result listIdentityProviders(Query query) {
        return new Result.Listed(providers.all());
    }
}
