package dev.authservice.application.federation.service;

import dev.authservice.application.federation.port.in.StartAuthorizationUseCase;
import dev.authservice.application.federation.port.out.IdentityProviderUnavailableException;
import dev.authservice.application.federation.port.out.IdentityProviders;
import dev.authservice.application.federation.port.out.PendingAuthorizationStore;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.federation.AuthorizationPolicy;
import dev.authservice.domain.federation.AuthorizationStateHash;
import dev.authservice.domain.federation.BrowserBinding;
import dev.authservice.domain.federation.PendingAuthorization;
import dev.authservice.domain.federation.Purpose;
import dev.authservice.domain.network.OpenPerAddressLimit;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;

/**
 * Makes the request's secrets (state, nonce, PKCE verifier, the browser's cookie value: 256 random bits each), asks
 * the provider's adapter for the URL first, so that a provider that cannot be reached stores nothing, then keeps the
 * pending authorization with only the state's and the cookie's hashes, unless its client holds as many open ones as
 * the limit lets it: anyone may start one, and each is kept until its callback comes or it expires.
 */
public final class StartAuthorizationService implements StartAuthorizationUseCase {

    private final IdentityProviders providers;
    private final PendingAuthorizationStore pending;
    private final StepUp stepUp;
    private final RandomSource random;
    private final AuthorizationPolicy policy;
    private final OpenPerAddressLimit limit;
    private final Clock clock;

    public StartAuthorizationService(IdentityProviders providers, PendingAuthorizationStore pending, StepUp stepUp,
                                     RandomSource random, AuthorizationPolicy policy, OpenPerAddressLimit limit,
                                     Clock clock) {
        this.providers = Objects.requireNonNull(providers);
        this.pending = Objects.requireNonNull(pending);
        this.stepUp = Objects.requireNonNull(stepUp);
        this.random = Objects.requireNonNull(random);
        this.policy = Objects.requireNonNull(policy);
        this.limit = Objects.requireNonNull(limit);
        this.clock = Objects.requireNonNull(clock);
    }

    @Override
    public Result startAuthorization(Command command) {
        if (providers.find(command.provider()).isEmpty()) {
            return new Result.UnknownProvider();
        }
        Instant now = clock.instant();
        if (command.linking().isPresent()
                && stepUp.refuses(command.linking().get().userId(), command.linking().get().authenticatedAt(),
                command.requester(), now)) {
            return new Result.ReauthenticationRequired();
        }
        IdentityProviders.AuthorizationRequest request = new IdentityProviders.AuthorizationRequest(
                random.refreshTokenValue(), random.refreshTokenValue(), random.refreshTokenValue());
        String browser = random.refreshTokenValue();
        URI url;
        try {
            url = providers.authorizationUrl(command.provider(), request);
        } catch (IdentityProviderUnavailableException e) {
            return new Result.ProviderUnavailable();
        }
        Purpose purpose = command.linking().<Purpose>map(linking -> new Purpose.Link(linking.userId()))
                .orElseGet(Purpose.SignIn::new);
        PendingAuthorization.Open open = PendingAuthorization.start(AuthorizationStateHash.of(request.state()),
                command.provider(), purpose, request.nonce(), request.codeVerifier(), BrowserBinding.of(browser),
                command.requester().clientAddress(), now, policy);
        return pending.add(open, limit).<Result>map(Result.Throttled::new)
                .orElseGet(() -> new Result.Started(url, browser, policy.lifetime()));
    }
}
