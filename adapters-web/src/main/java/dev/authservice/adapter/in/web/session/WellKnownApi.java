package dev.authservice.adapter.in.web.session;

import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.session.WellKnownController.AuthorizationServerMetadata;
import dev.authservice.adapter.in.web.session.WellKnownController.JwkSet;
import io.micronaut.http.HttpResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

/** The OpenAPI description of {@link WellKnownController}, apart from its code. */
@Tag(name = ApiDocs.TAG_OPS)
@ApiDocs.InternalError
interface WellKnownApi {

    @Operation(summary = "Public keys", description = "The keys that verify access tokens, as a JWK Set (RFC 7517): "
            + "the signing key and the verification-only ones. 404 under HS256, whose key is a secret.", security = {})
    @ApiResponse(responseCode = "200", description = "The JWK Set",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = JwkSet.class)))
    @ApiResponse(responseCode = "404", description = "NOT_FOUND: the tokens are signed with HS256",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    HttpResponse<?> publicKeys();

    @Operation(summary = "Authorization server metadata", description = "RFC 8414: the issuer, where its keys are and "
            + "the algorithm of its access tokens. The URLs are built on the configured public URL (auth.public-url, "
            + "else an issuer that is a URL), never on the request's Host. 404 under HS256, and when no public URL is "
            + "configured.", security = {})
    @ApiResponse(responseCode = "200", description = "The metadata",
            content = @Content(mediaType = ApiDocs.JSON,
                    schema = @Schema(implementation = AuthorizationServerMetadata.class)))
    @ApiResponse(responseCode = "404", description = "NOT_FOUND: the tokens are signed with HS256, or no public URL is "
            + "configured (auth.public-url)",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    HttpResponse<?> authorizationServerMetadata();
}
