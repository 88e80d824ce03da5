package dev.authservice.adapter.in.web.federation;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.RefreshTokenCookie;
import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.adapter.in.web.session.ReauthenticationErrorCode;
import dev.authservice.application.federation.port.in.CompleteAuthorizationUseCase;
import dev.authservice.application.federation.port.in.CompleteAuthorizationUseCase.Refusal;
import dev.authservice.application.federation.port.in.ListIdentityProvidersUseCase;
import dev.authservice.application.federation.port.in.StartAuthorizationUseCase;
import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.federation.IdentityProvider;
import dev.authservice.domain.federation.ProviderName;
import dev.authservice.domain.secondfactor.SecondFactorMethod;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Sign-in with an identity provider, for anyone: the list of providers, and the two browser navigations of the
 * authorization code flow. Both navigations answer with redirects: the browser is on its way to the provider or back
 * to the client, and the client reads the outcome from the fragment it lands on. A start that begins nothing (an
 * unknown provider, a client holding as many open as it may) gets the JSON envelope instead, whose status and
 * {@code Retry-After} a redirect would lose. The provider's discovery and code exchange are calls over the network:
 * on the blocking executor.
 */
@Controller(IdentityProvidersController.PATH)
@Secured(SecurityRule.IS_ANONYMOUS)
@Requires(beans = ListIdentityProvidersUseCase.class)
class IdentityProvidersController implements IdentityProvidersApi {

    static final String PATH = "/api/identity-providers";
    /** Where the browser client lives; what the fragments below are read by. */
    private static final String CLIENT = "/";

    private final ListIdentityProvidersUseCase listProviders;
    private final StartAuthorizationUseCase startAuthorization;
    private final CompleteAuthorizationUseCase completeAuthorization;
    private final Requesters requesters;

    IdentityProvidersController(ListIdentityProvidersUseCase listProviders,
                                StartAuthorizationUseCase startAuthorization,
                                CompleteAuthorizationUseCase completeAuthorization, Requesters requesters) {
        this.listProviders = listProviders;
        this.startAuthorization = startAuthorization;
        this.completeAuthorization = completeAuthorization;
        this.requesters = requesters;
    }

    @Override
    @Get
    public @ProviderListEnvelope Envelope<List<ProviderResponse>> providers() {
        return listProviders.listIdentityProviders(new ListIdentityProvidersUseCase.Query())
                .match(listed -> Envelope.ok(listed.providers().stream().map(ProviderResponse::of).toList()));
    }

    @Override
    @Get("/{name}/authorization")
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<?> authorization(HttpRequest<?> request, @PathVariable String name) {
        return startAuthorization.startAuthorization(new StartAuthorizationUseCase.Command(providerName(name),
                        Optional.empty(), requesters.anonymous(request)))
                .match(started -> BrowserBindingCookie.set(HttpResponse.status(HttpStatus.FOUND)
                                        .header(HttpHeaders.LOCATION, started.authorizationUrl().toString()),
                                started.browserBinding(), started.lifetime()),
                        unknown -> {
                            throw new ApiException(FederationErrorCode.IDENTITY_PROVIDER_NOT_FOUND);
                        },
                        reauthenticate -> {
                            throw ReauthenticationErrorCode.required();
                        },
                        unavailable -> backToTheClient("#sign-in-error="
                                + FederationErrorCode.IDENTITY_PROVIDER_UNAVAILABLE.name()),
                        throttled -> {
                            throw tooManyStarted(throttled);
                        });
    }

    @Override
    @Get("/{name}/callback")
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<?> callback(HttpRequest<?> request, @PathVariable String name,
                                    @QueryValue @Nullable String state, @QueryValue @Nullable String code,
                                    @QueryValue @Nullable String iss, @QueryValue @Nullable String error) {
        ProviderName provider = providerName(name);
        if (state == null) {
            return BrowserBindingCookie.clear(refusedWith(FederationErrorCode.EXTERNAL_STATE_INVALID));
        }
        MutableHttpResponse<?> answer = completeAuthorization.completeAuthorization(
                        new CompleteAuthorizationUseCase.Command(provider, state, Optional.ofNullable(code),
                                Optional.ofNullable(iss), Optional.ofNullable(error), BrowserBindingCookie.of(request),
                                requesters.anonymous(request)))
                .match(signedIn -> RefreshTokenCookie.set(backToTheClient(""), signedIn.tokens().refreshToken(),
                                signedIn.tokens().refreshTokenTtl()),
                        // As a password login's 401 SECOND_FACTOR_REQUIRED would: the ticket in the fragment, which
                        // the browser sends nowhere, for the client to complete at POST /api/login/second-factor.
                        required -> backToTheClient("#second-factor=" + required.ticket() + "&methods="
                                + required.methods().stream().map(SecondFactorMethod::wireName)
                                .collect(Collectors.joining(","))),
                        linked -> backToTheClient("#identity-linked"),
                        refused -> refusedWith(codeOf(refused.why())),
                        unavailable -> refusedWith(FederationErrorCode.IDENTITY_PROVIDER_UNAVAILABLE));
        return BrowserBindingCookie.clear(answer);
    }

    private static ProviderName providerName(String name) {
        try {
            return new ProviderName(name);
        } catch (InvalidValueException e) {
            throw new ApiException(FederationErrorCode.IDENTITY_PROVIDER_NOT_FOUND);
        }
    }

    /** 429 with Retry-After, in the envelope: nothing was started, and a redirect would lose both. */
    static ApiException tooManyStarted(StartAuthorizationUseCase.Result.Throttled throttled) {
        return new ApiException(FederationErrorCode.TOO_MANY_EXTERNAL_SIGN_INS, throttled.retryAfter());
    }

    private static FederationErrorCode codeOf(Refusal refusal) {
        return switch (refusal) {
            case INVALID_STATE -> FederationErrorCode.EXTERNAL_STATE_INVALID;
            case PROVIDER_REFUSED -> FederationErrorCode.EXTERNAL_SIGN_IN_REFUSED;
            case NOT_LINKED -> FederationErrorCode.IDENTITY_NOT_LINKED;
            case LINKED_ELSEWHERE -> FederationErrorCode.IDENTITY_LINKED_ELSEWHERE;
            case ACCOUNT_UNAVAILABLE -> FederationErrorCode.EXTERNAL_SIGN_IN_ACCOUNT_UNAVAILABLE;
        };
    }

    private static MutableHttpResponse<?> refusedWith(FederationErrorCode code) {
        return backToTheClient("#sign-in-error=" + code.name());
    }

    /** 303: the browser follows with a GET, whatever brought it here. */
    private static MutableHttpResponse<?> backToTheClient(String fragment) {
        return HttpResponse.status(HttpStatus.SEE_OTHER).header(HttpHeaders.LOCATION,
                URI.create(CLIENT + fragment).toString());
    }

    @Serdeable
    @Schema(name = "IdentityProvider")
    record ProviderResponse(@Schema(example = "keycloak") String name,
                            @Schema(example = "Company Keycloak") String displayName) {
        static ProviderResponse of(IdentityProvider provider) {
            return new ProviderResponse(provider.name().value(), provider.displayName());
        }
    }
}
