package dev.authservice.adapter.out.oidc.federation;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.jwk.source.RateLimitReachedException;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jwt.JWT;
import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.GeneralException;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.TokenResponse;
import com.nimbusds.oauth2.sdk.auth.ClientAuthentication;
import com.nimbusds.oauth2.sdk.auth.ClientAuthenticationMethod;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.ClientSecretPost;
import com.nimbusds.oauth2.sdk.auth.JWTAuthenticationClaimsSet;
import com.nimbusds.oauth2.sdk.auth.PrivateKeyJWT;
import com.nimbusds.oauth2.sdk.auth.Secret;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.id.Audience;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.oauth2.sdk.id.JWTID;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.openid.connect.sdk.AuthenticationRequest;
import com.nimbusds.openid.connect.sdk.Nonce;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponseParser;
import com.nimbusds.openid.connect.sdk.claims.ACR;
import com.nimbusds.openid.connect.sdk.claims.AMR;
import com.nimbusds.openid.connect.sdk.claims.IDTokenClaimsSet;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import com.nimbusds.openid.connect.sdk.validators.IDTokenValidator;
import dev.authservice.application.federation.port.out.IdentityProviderUnavailableException;
import dev.authservice.application.federation.port.out.IdentityProviders;
import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.federation.ExternalIdentity;
import dev.authservice.domain.federation.ProviderClaims;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.federation.IdentityProvider;
import dev.authservice.domain.federation.ProviderName;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.time.Duration;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The configured providers, spoken to in OpenID Connect by the Nimbus SDK. Each is discovered from its issuer's
 * {@code /.well-known/openid-configuration} on first use (the SDK checks the document names the same issuer), then
 * kept; its keys come from the {@code jwks_uri}, cached, and fetched again when an ID token names an unknown
 * {@code kid}. The client proves itself at the token endpoint with its secret or with a {@code private_key_jwt}
 * assertion, in a method the discovery lists. Every call to a provider has the configured connect and read timeouts.
 *
 * <p>The checks of an answer, in order: the provider's {@code error}; RFC 9207's {@code iss} on the response (it
 * must name the provider when present, and be present when the provider says it sends one), the mix-up defence; the
 * code, exchanged with the PKCE verifier and the exact redirect URI; the ID token's signature, with an asymmetric
 * algorithm the provider advertises ({@code none} and shared-secret algorithms never), and its {@code iss},
 * {@code aud}, {@code azp}, {@code exp}, {@code iat} and {@code nonce} (the SDK's {@link IDTokenValidator}).
 */
public final class OidcIdentityProviders implements IdentityProviders {

    private static final Logger LOG = LoggerFactory.getLogger(OidcIdentityProviders.class);

    /** Signatures by the provider's private key only: an HMAC one would take the client secret as its key. */
    static final Set<JWSAlgorithm> ALLOWED_ALGORITHMS = Set.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384,
            JWSAlgorithm.RS512, JWSAlgorithm.PS256, JWSAlgorithm.PS384, JWSAlgorithm.PS512, JWSAlgorithm.ES256,
            JWSAlgorithm.ES384, JWSAlgorithm.ES512, JWSAlgorithm.EdDSA, JWSAlgorithm.Ed25519);

    /** Long enough for a slow token endpoint, short enough that a captured assertion is soon worthless. */
    private static final Duration CLIENT_ASSERTION_LIFETIME = Duration.ofSeconds(60);

    /** A key set larger than this is not one a provider publishes. */
    private static final int MAX_JWKS_BYTES = 512 * 1024;

    private final Map<ProviderName, Provider> providers = new LinkedHashMap<>();
    private final int connectTimeoutMillis;
    private final int readTimeoutMillis;

    public OidcIdentityProviders(List<ProviderSettings> settings, Duration connectTimeout, Duration readTimeout) {
        this.connectTimeoutMillis = Math.toIntExact(connectTimeout.toMillis());
        this.readTimeoutMillis = Math.toIntExact(readTimeout.toMillis());
        settings.forEach(each -> {
            if (providers.put(each.provider().name(), new Provider(each)) != null) {
                throw new IllegalArgumentException("two providers named " + each.provider().name());
            }
        });
    }

    @Override
    public List<IdentityProvider> all() {
        return providers.values().stream().map(provider -> provider.settings.provider()).toList();
    }

    @Override
    public Optional<IdentityProvider> find(ProviderName name) {
        return Optional.ofNullable(providers.get(name)).map(provider -> provider.settings.provider());
    }

    @Override
    public URI authorizationUrl(ProviderName name, AuthorizationRequest request) {
        Provider provider = provider(name);
        Discovered discovered = provider.discovered();
        ProviderSettings settings = provider.settings;
        return new AuthenticationRequest.Builder(ResponseType.CODE, scope(settings.scopes()),
                new ClientID(settings.clientId()), settings.redirectUri())
                .endpointURI(discovered.metadata.getAuthorizationEndpointURI())
                .state(new State(request.state()))
                .nonce(new Nonce(request.nonce()))
                .codeChallenge(new CodeVerifier(request.codeVerifier()), CodeChallengeMethod.S256)
                .build()
                .toURI();
    }

    @Override
    public Exchange exchange(ProviderName name, AuthorizationResponse response, AuthorizationRequest request) {
        if (response.error().isPresent()) {
            return refused(name, "the provider answered error " + response.error().get());
        }
        Provider provider = provider(name);
        Discovered discovered = provider.discovered();
        String issuer = discovered.metadata.getIssuer().getValue();
        if (response.issuer().isPresent() ? !response.issuer().get().equals(issuer)
                : discovered.metadata.supportsAuthorizationResponseIssuerParam()) {
            return refused(name, "the response's iss is " + response.issuer().orElse("missing") + ", not " + issuer);
        }
        if (response.code().isEmpty()) {
            return refused(name, "the response carries no code");
        }
        Optional<JWT> idToken = redeem(provider, discovered, response.code().get(), request.codeVerifier());
        if (idToken.isEmpty()) {
            return refused(name, "the token endpoint refused the code or sent no ID token");
        }
        try {
            IDTokenClaimsSet claims = discovered.validator.validate(idToken.get(), new Nonce(request.nonce()));
            return new Exchange.Verified(new ExternalIdentity(claims.getIssuer().getValue(),
                    claims.getSubject().getValue()), providerClaims(claims));
        } catch (KeySourceException e) {
            throw new IdentityProviderUnavailableException("the keys of " + name + " could not be read", e);
        } catch (BadJOSEException | JOSEException | InvalidValueException e) {
            return refused(name, "the ID token failed a check: " + e.getMessage());
        }
    }

    /**
     * What the ID token says of its user beside who they are. A claim of the wrong type, or an address that is none,
     * is left out rather than failing the sign-in: the identity alone signs in.
     */
    private static ProviderClaims providerClaims(IDTokenClaimsSet claims) {
        Optional<EmailAddress> verifiedEmail = Boolean.TRUE.equals(claims.getBooleanClaim("email_verified"))
                ? stringClaim(claims, "email").flatMap(OidcIdentityProviders::emailAddress) : Optional.empty();
        List<String> amr = Optional.ofNullable(claims.getAMR()).orElse(List.of()).stream()
                .map(AMR::getValue).toList();
        return new ProviderClaims(stringClaim(claims, "preferred_username"), stringClaim(claims, "name"),
                verifiedEmail, Optional.ofNullable(claims.getACR()).map(ACR::getValue), amr);
    }

    /** The SDK's reading, null for a claim missing or of another type. */
    private static Optional<String> stringClaim(IDTokenClaimsSet claims, String name) {
        return Optional.ofNullable(claims.getStringClaim(name));
    }

    private static Optional<EmailAddress> emailAddress(String text) {
        try {
            return Optional.of(new EmailAddress(text));
        } catch (InvalidValueException e) {
            return Optional.empty();
        }
    }

    /** The ID token the code is exchanged for; empty when the provider refuses the code. */
    private Optional<JWT> redeem(Provider provider, Discovered discovered, String code, String verifier) {
        ProviderSettings settings = provider.settings;
        TokenRequest tokenRequest = new TokenRequest(discovered.metadata.getTokenEndpointURI(),
                clientAuthentication(discovered, settings),
                new AuthorizationCodeGrant(new AuthorizationCode(code), settings.redirectUri(),
                        new CodeVerifier(verifier)));
        HTTPRequest http = tokenRequest.toHTTPRequest();
        http.setConnectTimeout(connectTimeoutMillis);
        http.setReadTimeout(readTimeoutMillis);
        HTTPResponse answer;
        try {
            answer = http.send();
        } catch (IOException e) {
            throw new IdentityProviderUnavailableException("the token endpoint of " + settings.provider().name()
                    + " did not answer", e);
        }
        if (answer.getStatusCode() >= 500) {
            throw new IdentityProviderUnavailableException("the token endpoint of " + settings.provider().name()
                    + " answered " + answer.getStatusCode(), null);
        }
        try {
            TokenResponse parsed = OIDCTokenResponseParser.parse(answer);
            if (!parsed.indicatesSuccess()) {
                LOG.info("The token endpoint of {} refused a code: {}", settings.provider().name(),
                        parsed.toErrorResponse().getErrorObject().getCode());
                return Optional.empty();
            }
            return Optional.ofNullable(((OIDCTokenResponse) parsed.toSuccessResponse()).getOIDCTokens().getIDToken());
        } catch (ParseException | ClassCastException e) {
            LOG.info("The token endpoint of {} answered what is not a token response: {}",
                    settings.provider().name(), e.getMessage());
            return Optional.empty();
        }
    }

    /** The credentials in the method chosen at discovery; an assertion is made anew for each request. */
    private static ClientAuthentication clientAuthentication(Discovered discovered, ProviderSettings settings) {
        ClientID client = new ClientID(settings.clientId());
        if (settings.credentials() instanceof ClientCredentials.SigningKey key) {
            boolean toIssuer = key.audience() == ClientCredentials.AssertionAudience.ISSUER;
            return clientAssertion(client, key, new Audience(toIssuer ? discovered.metadata.getIssuer().getValue()
                    : discovered.metadata.getTokenEndpointURI().toString()));
        }
        Secret secret = new Secret(((ClientCredentials.Secret) settings.credentials()).value());
        return discovered.clientAuthentication.equals(ClientAuthenticationMethod.CLIENT_SECRET_POST)
                ? new ClientSecretPost(client, secret) : new ClientSecretBasic(client, secret);
    }

    /** RFC 7523's assertion: {@code iss} and {@code sub} the client, a fresh {@code jti}, and one {@code aud}. */
    private static PrivateKeyJWT clientAssertion(ClientID client, ClientCredentials.SigningKey key,
                                                 Audience audience) {
        Date now = new Date();
        try {
            return new PrivateKeyJWT(new JWTAuthenticationClaimsSet(client, List.of(audience),
                    Date.from(now.toInstant().plus(CLIENT_ASSERTION_LIFETIME)), null, now, new JWTID()),
                    key.algorithm(), key.key(), key.keyId().orElse(null), null);
        } catch (JOSEException e) {
            throw new IllegalStateException("the client assertion could not be signed with " + key, e);
        }
    }

    /**
     * The method the configured credentials take at this provider, from its
     * {@code token_endpoint_auth_methods_supported} (and {@code token_endpoint_auth_signing_alg_values_supported})
     * when it lists them; empty when it takes none.
     */
    private static Optional<ClientAuthenticationMethod> clientAuthenticationMethod(OIDCProviderMetadata metadata,
                                                                                  ClientCredentials credentials) {
        List<ClientAuthenticationMethod> methods = metadata.getTokenEndpointAuthMethods();
        if (credentials instanceof ClientCredentials.SigningKey key) {
            List<JWSAlgorithm> algorithms = metadata.getTokenEndpointJWSAlgs();
            return Optional.of(ClientAuthenticationMethod.PRIVATE_KEY_JWT)
                    .filter(method -> methods == null || methods.contains(method))
                    .filter(method -> algorithms == null || algorithms.contains(key.algorithm()));
        }
        if (methods == null || methods.contains(ClientAuthenticationMethod.CLIENT_SECRET_BASIC)) {
            return Optional.of(ClientAuthenticationMethod.CLIENT_SECRET_BASIC);
        }
        return Optional.of(ClientAuthenticationMethod.CLIENT_SECRET_POST).filter(methods::contains);
    }

    private static Scope scope(List<String> configured) {
        return new Scope(Stream.concat(Stream.of("openid"), configured.stream()).distinct().toArray(String[]::new));
    }

    private Exchange refused(ProviderName name, String reason) {
        LOG.info("An answer of {} was refused: {}", name, reason);
        return new Exchange.Refused(reason);
    }

    private Provider provider(ProviderName name) {
        Provider provider = providers.get(name);
        if (provider == null) {
            throw new IllegalArgumentException("no provider is named " + name);
        }
        return provider;
    }

    /** A provider's settings, and what its discovery found once it succeeded. */
    private final class Provider {

        private final ProviderSettings settings;
        private volatile Discovered discovered;

        Provider(ProviderSettings settings) {
            this.settings = settings;
        }

        /** Discovered once; a failure is tried again at the next use. */
        Discovered discovered() {
            Discovered known = discovered;
            if (known != null) {
                return known;
            }
            synchronized (this) {
                if (discovered == null) {
                    discovered = discover();
                }
                return discovered;
            }
        }

        private Discovered discover() {
            ProviderName name = settings.provider().name();
            OIDCProviderMetadata metadata;
            try {
                metadata = OIDCProviderMetadata.resolve(new Issuer(settings.issuer()), connectTimeoutMillis,
                        readTimeoutMillis);
            } catch (IOException | GeneralException e) {
                throw new IdentityProviderUnavailableException("the discovery of " + name + " at "
                        + settings.issuer() + " failed: " + e.getMessage(), e);
            }
            Set<JWSAlgorithm> algorithms = advertised(metadata);
            if (algorithms.isEmpty()) {
                throw new IdentityProviderUnavailableException(name + " signs ID tokens with none of "
                        + ALLOWED_ALGORITHMS, null);
            }
            Optional<ClientAuthenticationMethod> taken = clientAuthenticationMethod(metadata, settings.credentials());
            if (taken.isEmpty()) {
                String refusal = name + " does not take the client authentication configured for it ("
                        + settings.credentials() + ") at its token endpoint, only "
                        + metadata.getTokenEndpointAuthMethods() + Optional.ofNullable(
                                metadata.getTokenEndpointJWSAlgs()).map(algs -> " signed with " + algs).orElse("");
                LOG.error("{}", refusal);
                throw new IdentityProviderUnavailableException(refusal, null);
            }
            ClientAuthenticationMethod clientAuthentication = taken.get();
            JWKSource<SecurityContext> keys;
            try {
                keys = knownKeysOnly(JWKSourceBuilder.<SecurityContext>create(metadata.getJWKSetURI().toURL(),
                        new DefaultResourceRetriever(connectTimeoutMillis, readTimeoutMillis, MAX_JWKS_BYTES))
                        .build());
            } catch (MalformedURLException | IllegalArgumentException e) {
                throw new IdentityProviderUnavailableException(name + " advertises no usable jwks_uri", e);
            }
            IDTokenValidator validator = new IDTokenValidator(metadata.getIssuer(),
                    new ClientID(settings.clientId()), new JWSVerificationKeySelector<>(algorithms, keys), null);
            LOG.info("Discovered identity provider {} at {}: ID tokens signed with {}, the client authenticated by {}",
                    name, metadata.getIssuer(), algorithms, clientAuthentication);
            return new Discovered(metadata, validator, clientAuthentication);
        }
    }

    /** The algorithms the provider advertises that this service accepts; RS256 when it advertises none. */
    static Set<JWSAlgorithm> advertised(OIDCProviderMetadata metadata) {
        List<JWSAlgorithm> advertised = Objects.requireNonNullElse(metadata.getIDTokenJWSAlgs(),
                List.of(JWSAlgorithm.RS256));
        return advertised.stream().filter(ALLOWED_ALGORITHMS::contains).collect(Collectors.toUnmodifiableSet());
    }

    /**
     * The keys, cached and read again when a token names a key they lack, but at most twice in a while
     * ({@link JWKSourceBuilder}'s rate limit): past it, an unknown key is one the provider does not publish, and the
     * token is refused rather than the provider taken for down.
     */
    private static JWKSource<SecurityContext> knownKeysOnly(JWKSource<SecurityContext> keys) {
        return (selector, context) -> {
            try {
                return keys.get(selector, context);
            } catch (RateLimitReachedException readTooRecently) {
                return List.of();
            }
        };
    }

    private record Discovered(OIDCProviderMetadata metadata, IDTokenValidator validator,
                              ClientAuthenticationMethod clientAuthentication) {
    }
}
