package dev.authservice.adapter.in.web.federation;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.security.authentication.Authentication;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;

@Tag(name = ApiDocs.TAG_USER)
@ApiDocs.BearerToken
@ApiDocs.InternalError
interface IdentitiesApi {

    @Operation(operationId = "listMyIdentities", summary = "The caller's linked identities",
            description = "Oldest first: the provider each was linked through, and the issuer and subject that name "
                    + "it there; nothing else of the provider's is kept.")
    @ApiResponse(responseCode = "200", description = "The links")
    @LinkedIdentityListEnvelope Envelope<List<IdentitiesController.IdentityResponse>> identities(
            Authentication authentication);

    @Operation(operationId = "startIdentityLink", summary = "Start linking an identity at a provider",
            description = "Answers the provider's authorization URL for the client to send the browser to, and sets "
                    + "the identityProviderBinding cookie. The callback links the identity the provider vouches "
                    + "for to the caller, tells their verified address, and sends the browser to /#identity-linked. "
                    + "A link changes how the caller signs in: it needs a recent sign-in.")
    @ApiResponse(responseCode = "200", description = "data.authorizationUrl: where the browser goes next",
            headers = @Header(name = "Set-Cookie", description = "identityProviderBinding=<opaque>",
                    schema = @Schema(type = "string")))
    @ApiResponse(responseCode = "404", description = "IDENTITY_PROVIDER_NOT_FOUND",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiResponse(responseCode = "503", description = "IDENTITY_PROVIDER_UNAVAILABLE: its discovery failed",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @IdentityProvidersApi.TooManyStarted
    @ApiDocs.StepUp
    @ApiDocs.JsonRequest
    @ApiDocs.InvalidInput
    @ApiDocs.CrossSiteForbidden
    HttpResponse<?> startLink(HttpRequest<?> request, Authentication authentication,
                              @RequestBody(required = true, content = @Content(
                                      schema = @Schema(implementation = LinkRequest.class))) JsonNode body);

    @Operation(operationId = "unlinkMyIdentity", summary = "Unlink one of the caller's identities",
            description = "It signs in no more; the caller's verified address is told. Never the last way to sign "
                    + "in. Needs a recent sign-in.")
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    @ApiResponse(responseCode = "404", description = "IDENTITY_NOT_FOUND: none of the caller's has this id",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiResponse(responseCode = "409", description = "LAST_WAY_TO_SIGN_IN",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.StepUp
    @ApiDocs.CrossSiteForbidden
    HttpResponse<Void> unlink(HttpRequest<?> request, Authentication authentication, String identityId);

    /** The names of this resource's generic answers in the API description (see {@link Envelope}). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "LinkedIdentityListEnvelope")
    @interface LinkedIdentityListEnvelope {
    }

    /** The body of {@code POST /api/user/identities}. */
    @Schema(name = "IdentityLinkRequest", requiredProperties = "provider")
    record LinkRequest(@Schema(example = "keycloak") String provider) {
    }
}
