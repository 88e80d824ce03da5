package dev.authservice.adapter.in.web.session;

import dev.authservice.adapter.in.web.RefreshTokenCookie;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.session.RefreshController.RefreshResponse;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;

/** The OpenAPI description of {@link RefreshController}, apart from its code. */
@Tag(name = ApiDocs.TAG_AUTH)
@ApiDocs.InternalError
interface RefreshApi {

    @Operation(summary = "Refresh the access token", description = "Reads the refresh-token cookie only. Rotates it: "
            + "the presented token is invalid from then on, and presenting it again ends its whole session.")
    @SecurityRequirement(name = ApiDocs.REFRESH_COOKIE)
    @ApiResponse(responseCode = "200", description = "A new access token, and a new refresh-token cookie",
            headers = @Header(name = "Set-Cookie", description = RefreshTokenCookie.NAME
                    + "=<opaque>; Max-Age=<refresh ttl in s>; Path=" + RefreshTokenCookie.PATH
                    + "; Secure; HttpOnly; SameSite=Strict", schema = @Schema(type = "string")),
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = RefreshResponse.class)))
    @ApiResponse(responseCode = "401", description = "INVALID_REFRESH_TOKEN: the cookie is missing, unknown, expired, "
            + "revoked or reused; the answer clears it (Max-Age=0)",
            headers = @Header(name = "Set-Cookie", description = RefreshTokenCookie.NAME + "=; Max-Age=0; Path="
                    + RefreshTokenCookie.PATH + "; Secure; HttpOnly; SameSite=Strict",
                    schema = @Schema(type = "string")),
            content = @Content(mediaType = ApiDocs.JSON,
                    schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.CrossSiteForbidden
    HttpResponse<?> refresh(
            HttpRequest<?> request,
            // the refreshCookie security scheme
            @Parameter(hidden = true) String refreshToken);
}
