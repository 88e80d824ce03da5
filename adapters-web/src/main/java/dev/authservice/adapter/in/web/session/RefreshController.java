package dev.authservice.adapter.in.web.session;

import dev.authservice.adapter.in.web.RefreshTokenCookie;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.error.ErrorResponses;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.application.session.port.in.RefreshAccessTokenUseCase.Command;
import dev.authservice.application.session.port.in.RefreshAccessTokenUseCase;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.CookieValue;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;

/** Authenticated by the refresh-token cookie alone; no Authorization header is expected here. */
@Controller(RefreshTokenCookie.PATH)
@Secured(SecurityRule.IS_ANONYMOUS)
@Tag(name = ApiDocs.TAG_AUTH)
@ApiDocs.InternalError
class RefreshController {

    private final RefreshAccessTokenUseCase refresh;
    private final Requesters requesters;

    RefreshController(RefreshAccessTokenUseCase refresh, Requesters requesters) {
        this.refresh = refresh;
        this.requesters = requesters;
    }

    @Post
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
                    + RefreshTokenCookie.PATH + "; Secure; HttpOnly; SameSite=Strict", schema = @Schema(type = "string")),
            content = @Content(mediaType = ApiDocs.JSON,
                    schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.CrossSiteForbidden
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<?> refresh(HttpRequest<?> request, @Parameter(hidden = true) // the refreshCookie security scheme
                                 @CookieValue(RefreshTokenCookie.NAME) @Nullable String refreshToken) {
        return refresh.refreshAccessToken(Command.of(refreshToken, requesters.anonymous(request))).match(
                refreshed -> RefreshTokenCookie.set(
                        HttpResponse.ok(new RefreshResponse(refreshed.tokens().accessToken()))
                                .header(HttpHeaders.CACHE_CONTROL, "no-store"),
                        refreshed.tokens().refreshToken(), refreshed.tokens().refreshTokenTtl()),
                refused -> RefreshTokenCookie.clear(ErrorResponses.of(SessionErrorCode.INVALID_REFRESH_TOKEN)));
    }

    @Serdeable
    @Schema(name = "RefreshResponse")
    record RefreshResponse(String accessToken) {
    }
}
