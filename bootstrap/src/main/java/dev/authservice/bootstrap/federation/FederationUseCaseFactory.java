package dev.authservice.bootstrap.federation;

import dev.authservice.adapter.in.web.PublicUrl;
import dev.authservice.adapter.out.oidc.federation.ClientCredentials;
import dev.authservice.adapter.out.oidc.federation.ClientCredentials.AssertionAudience;
import dev.authservice.adapter.out.oidc.federation.OidcIdentityProviders;
import dev.authservice.adapter.out.oidc.federation.ProviderSettings;
import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.federation.port.in.CompleteAuthorizationUseCase;
import dev.authservice.application.federation.port.in.ListIdentityLinksUseCase;
import dev.authservice.application.federation.port.in.ListIdentityProvidersUseCase;
import dev.authservice.application.federation.port.in.StartAuthorizationUseCase;
import dev.authservice.application.federation.port.in.UnlinkIdentityUseCase;
import dev.authservice.application.federation.port.out.IdentityLinkStore;
import dev.authservice.application.federation.port.out.IdentityProviders;
import dev.authservice.application.federation.port.out.PendingAuthorizationStore;
import dev.authservice.application.federation.service.CompleteAuthorizationService;
import dev.authservice.application.federation.service.ExternalSignIn;
import dev.authservice.application.federation.service.ExternalSignUp;
import dev.authservice.application.federation.service.IdentityLinking;
import dev.authservice.application.federation.service.ListIdentityLinksService;
import dev.authservice.application.federation.service.ListIdentityProvidersService;
import dev.authservice.application.federation.service.StartAuthorizationService;
import dev.authservice.application.federation.service.UnlinkIdentityService;
import dev.authservice.application.login.service.PendingLoginTickets;
import dev.authservice.application.login.service.SessionStart;
import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.secondfactor.service.SecondFactorCheck;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.application.user.port.out.UsernameSecurityProfile;
import dev.authservice.bootstrap.configuration.Development;
import dev.authservice.bootstrap.configuration.KeyFile;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import dev.authservice.bootstrap.configuration.PolicyFactory;
import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.federation.AuthorizationPolicy;
import dev.authservice.domain.federation.IdentityProvider;
import dev.authservice.domain.federation.ProviderName;
import dev.authservice.domain.federation.SecondFactorTrust;
import dev.authservice.domain.network.OpenPerAddressLimit;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.env.Environment;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Named;
import jakarta.inject.Provider;
import jakarta.inject.Singleton;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Wires sign-in with identity providers, listed by name. With none configured the list is empty and every provider path is 404.
 * A provider's settings are checked at start: a missing issuer or client id, neither or both of a client secret and a
 * private key file, or a key that cannot sign stops it, naming the key. The
 * callback is {@code <auth.public-url>/api/identity-providers/<name>/callback}, the redirect URI to register at the
 * provider; in development, without a public URL, the address the service listens on.
 */
@Factory
class FederationUseCaseFactory {

    private static final String KEY = "auth.identity-providers.";

    @Singleton
    IdentityProviders identityProviders(List<IdentityProviderProperties> configured, PublicUrl publicUrl,
                                        Provider<EmbeddedServer> server, Environment environment,
                                        @Property(name = "auth.oidc.connect-timeout") Duration connectTimeout,
                                        @Property(name = "auth.oidc.read-timeout") Duration readTimeout) {
        Optional<String> base = publicUrl.resolve("");
        if (!configured.isEmpty() && base.isEmpty() && !Development.isActive(environment)) {
            throw new MisconfigurationException(KEY + "* are set but auth.public-url (AUTH_PUBLIC_URL) is not: a "
                    + "provider sends the browser back to the public address");
        }
        String callbackBase = base.orElseGet(() -> {
            String listening = server.get().getURL().toString();
            return listening.endsWith("/") ? listening.substring(0, listening.length() - 1) : listening;
        });
        return new OidcIdentityProviders(configured.stream()
                .sorted(Comparator.comparing(IdentityProviderProperties::name))
                .map(each -> settings(each, callbackBase)).toList(),
                connectTimeout, readTimeout);
    }

    static ProviderSettings settings(IdentityProviderProperties properties, String callbackBase) {
        String prefix = KEY + properties.name() + ".";
        ProviderName name;
        try {
            name = new ProviderName(properties.name());
        } catch (InvalidValueException e) {
            throw new MisconfigurationException(prefix + ": " + e.getMessage());
        }
        URI issuer;
        try {
            issuer = URI.create(required(properties.getIssuer(), prefix + "issuer"));
        } catch (IllegalArgumentException e) {
            throw new MisconfigurationException(prefix + "issuer is not a URL: " + e.getMessage());
        }
        String displayName = Optional.ofNullable(properties.getDisplayName()).orElse(properties.name());
        IdentityProvider provider = new IdentityProvider(name, displayName, properties.isSignUp(),
                new SecondFactorTrust(Set.copyOf(properties.getSecondFactorAcr()),
                        Set.copyOf(properties.getSecondFactorAmr())));
        return new ProviderSettings(provider, issuer,
                required(properties.getClientId(), prefix + "client-id"), credentials(properties, prefix),
                properties.getScopes(),
                URI.create(callbackBase + "/api/identity-providers/" + name.value() + "/callback"));
    }

    /** Exactly one of a secret and a private key: with both, which one the provider expects would be a guess. */
    private static ClientCredentials credentials(IdentityProviderProperties properties, String prefix) {
        Optional<String> secret = configured(properties.getClientSecret());
        Optional<String> keyFile = configured(properties.getPrivateKeyFile());
        Optional<String> keyId = configured(properties.getKeyId());
        Optional<String> algorithm = configured(properties.getSigningAlgorithm());
        Optional<String> audience = configured(properties.getClientAssertionAudience());
        if (secret.isPresent() == keyFile.isPresent()) {
            throw new MisconfigurationException(secret.isPresent()
                    ? prefix + "client-secret and " + prefix + "private-key-file are both set: set one of them"
                    : prefix + "client-secret or " + prefix + "private-key-file must be set");
        }
        if (secret.isPresent()) {
            if (keyId.isPresent() || algorithm.isPresent() || audience.isPresent()) {
                throw new MisconfigurationException(prefix + "key-id, " + prefix + "signing-algorithm and " + prefix
                        + "client-assertion-audience go with " + prefix + "private-key-file, not with client-secret");
            }
            return new ClientCredentials.Secret(secret.get());
        }
        AssertionAudience assertionAudience = switch (audience.orElse("issuer")) {
            case "issuer" -> AssertionAudience.ISSUER;
            case "token-endpoint" -> AssertionAudience.TOKEN_ENDPOINT;
            default -> throw new MisconfigurationException(prefix + "client-assertion-audience is issuer or "
                    + "token-endpoint, not " + audience.get());
        };
        return KeyFile.read(prefix + "private-key-file", Path.of(keyFile.get()),
                pem -> ClientCredentials.SigningKey.fromPem(pem, keyId, algorithm, assertionAudience));
    }

    private static Optional<String> configured(String value) {
        return Optional.ofNullable(value).filter(text -> !text.isBlank());
    }

    private static String required(String value, String key) {
        if (value == null || value.isBlank()) {
            throw new MisconfigurationException(key + " is not set");
        }
        return value;
    }

    @Singleton
    AuthorizationPolicy authorizationPolicy(@Property(name = "auth.oidc.authorization-lifetime") Duration lifetime) {
        try {
            return new AuthorizationPolicy(lifetime);
        } catch (InvalidValueException e) {
            throw new MisconfigurationException("auth.oidc.authorization-lifetime: " + e.getMessage());
        }
    }

    @Singleton
    ListIdentityProvidersUseCase listIdentityProviders(IdentityProviders providers) {
        return new ListIdentityProvidersService(providers);
    }

    @Singleton
    StartAuthorizationUseCase startAuthorization(IdentityProviders providers, PendingAuthorizationStore pending,
                                                 StepUp stepUp, RandomSource random, AuthorizationPolicy policy,
                                                 @Named(PolicyFactory.PENDING_AUTHORIZATIONS)
                                                 OpenPerAddressLimit limit, Clock clock) {
        return new StartAuthorizationService(providers, pending, stepUp, random, policy, limit, clock);
    }

    @Singleton
    ExternalSignUp externalSignUp(UserStore users, IdentityLinkStore links, UsernameSecurityProfile newUsernames,
                                  RandomSource random, AuditLog audit) {
        return new ExternalSignUp(users, links, newUsernames, random, audit);
    }

    @Singleton
    ExternalSignIn externalSignIn(IdentityLinkStore links, UserStore users, SecondFactorCheck secondFactors,
                                  PendingLoginTickets tickets, SessionStart sessionStart, ExternalSignUp signUp,
                                  AuditLog audit) {
        return new ExternalSignIn(links, users, secondFactors, tickets, sessionStart, signUp, audit);
    }

    @Singleton
    IdentityLinking identityLinking(IdentityLinkStore links, UserStore users, CredentialChanges changes,
                                    RandomSource random, AuditLog audit) {
        return new IdentityLinking(links, users, changes, random, audit);
    }

    @Singleton
    CompleteAuthorizationUseCase completeAuthorization(IdentityProviders providers,
                                                       PendingAuthorizationStore pending, ExternalSignIn signIn,
                                                       IdentityLinking linking, AuditLog audit, Clock clock) {
        return new CompleteAuthorizationService(providers, pending, signIn, linking, audit, clock);
    }

    @Singleton
    ListIdentityLinksUseCase listIdentityLinks(UserStore users, IdentityLinkStore links) {
        return new ListIdentityLinksService(users, links);
    }

    @Singleton
    UnlinkIdentityUseCase unlinkIdentity(UserStore users, IdentityLinkStore links, CredentialChanges changes,
                                         StepUp stepUp, AuditLog audit, Clock clock) {
        return new UnlinkIdentityService(users, links, changes, stepUp, audit, clock);
    }
}
