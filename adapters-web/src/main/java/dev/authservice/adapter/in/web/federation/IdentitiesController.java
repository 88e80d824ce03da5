package dev.authservice.adapter.in.web.federation;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.request.JsonBody;
import dev.authservice.adapter.in.web.request.PathIds;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.adapter.in.web.security.Caller;
import dev.authservice.adapter.in.web.session.ReauthenticationErrorCode;
import dev.authservice.adapter.in.web.user.AccountErrorCode;
import dev.authservice.application.federation.port.in.ListIdentityLinksUseCase;
import dev.authservice.application.federation.port.in.StartAuthorizationUseCase;
import dev.authservice.application.federation.port.in.UnlinkIdentityUseCase;
import dev.authservice.domain.federation.IdentityLink;
import dev.authservice.domain.federation.IdentityLinkId;
import dev.authservice.domain.federation.ProviderName;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Status;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The caller's linked identities: list, start a link (the callback finishes it), unlink. */
@Controller("/api/user/identities")
@Secured(SecurityRule.IS_AUTHENTICATED)
@Requires(beans = ListIdentityLinksUseCase.class)
class IdentitiesController implements IdentitiesApi {

    private final ListIdentityLinksUseCase listLinks;
    private final StartAuthorizationUseCase startAuthorization;
    private final UnlinkIdentityUseCase unlink;
    private final Requesters requesters;

    IdentitiesController(ListIdentityLinksUseCase listLinks, StartAuthorizationUseCase startAuthorization,
                         UnlinkIdentityUseCase unlink, Requesters requesters) {
        this.listLinks = listLinks;
        this.startAuthorization = startAuthorization;
        this.unlink = unlink;
        this.requesters = requesters;
    }

    @Override
    @Get
    @ExecuteOn(TaskExecutors.BLOCKING)
    public @LinkedIdentityListEnvelope Envelope<List<IdentityResponse>> identities(Authentication authentication) {
        return IdentityResponse.listed(listLinks.listIdentityLinks(
                new ListIdentityLinksUseCase.Query(Caller.of(authentication).userId())));
    }

    /** Body {@code {"provider": "<name>"}}. */
    @Override
    @Post
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<?> startLink(HttpRequest<?> request, Authentication authentication,
                                     @Body @Nullable JsonNode body) {
        JsonNode json = JsonBody.object(body, "{\"provider\": ...}");
        ProviderName provider = JsonBody.parse(() -> new ProviderName(JsonBody.text(json, "provider")));
        Caller caller = Caller.of(authentication);
        return startAuthorization.startAuthorization(new StartAuthorizationUseCase.Command(provider,
                        Optional.of(new StartAuthorizationUseCase.Linking(caller.userId(), caller.authenticatedAt())),
                        requesters.caller(request, authentication)))
                .match(started -> BrowserBindingCookie.set(HttpResponse.ok(Envelope.ok(
                                        new LinkStarted(started.authorizationUrl().toString()))),
                                started.browserBinding(), started.lifetime()),
                        unknown -> {
                            throw new ApiException(FederationErrorCode.IDENTITY_PROVIDER_NOT_FOUND);
                        },
                        reauthenticate -> {
                            throw ReauthenticationErrorCode.required();
                        },
                        unavailable -> {
                            throw new ApiException(FederationErrorCode.IDENTITY_PROVIDER_UNAVAILABLE);
                        },
                        throttled -> {
                            throw IdentityProvidersController.tooManyStarted(throttled);
                        });
    }

    @Override
    @Delete("/{identityId}")
    @Status(HttpStatus.NO_CONTENT)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<Void> unlink(HttpRequest<?> request, Authentication authentication,
                                     @PathVariable String identityId) {
        Caller caller = Caller.of(authentication);
        IdentityLinkId id = PathIds.parse(identityId, text -> new IdentityLinkId(UUID.fromString(text)),
                FederationErrorCode.IDENTITY_NOT_FOUND);
        return IdentityResponse.unlinked(unlink.unlinkIdentity(new UnlinkIdentityUseCase.Command(caller.userId(), id,
                Optional.of(caller.authenticatedAt()), requesters.caller(request, authentication))));
    }

    @Serdeable
    @Schema(name = "IdentityLinkStarted")
    record LinkStarted(String authorizationUrl) {
    }

    /** A link as the user and an administrator see it. */
    @Serdeable
    @Schema(name = "LinkedIdentity")
    record IdentityResponse(String id, @Schema(example = "keycloak") String provider,
                            @Schema(example = "https://sso.example.com/realms/staff") String issuer,
                            String subject, String linkedAt) {

        static IdentityResponse of(IdentityLink link) {
            return new IdentityResponse(link.id().toString(), link.provider().value(), link.identity().issuer(),
                    link.identity().subject(), link.linkedAt().toString());
        }

        static Envelope<List<IdentityResponse>> listed(ListIdentityLinksUseCase.Result result) {
            return result.match(listed -> Envelope.ok(listed.links().stream().map(IdentityResponse::of).toList()),
                    userNotFound -> {
                        throw new ApiException(AccountErrorCode.USER_NOT_FOUND);
                    });
        }

        static HttpResponse<Void> unlinked(UnlinkIdentityUseCase.Result result) {
            return result.match(unlinked -> HttpResponse.noContent(),
                    notFound -> {
                        throw new ApiException(FederationErrorCode.IDENTITY_NOT_FOUND);
                    },
                    last -> {
                        throw new ApiException(FederationErrorCode.LAST_WAY_TO_SIGN_IN);
                    },
                    reauthenticate -> {
                        throw ReauthenticationErrorCode.required();
                    });
        }
    }
}
