package dev.authservice.adapter.in.web.user;

import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.security.authentication.Authentication;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

/** The OpenAPI description of {@link PasswordController}, apart from its code. */
@Tag(name = ApiDocs.TAG_USER)
@ApiDocs.InternalError
interface PasswordApi {

    @Operation(summary = "Change the caller's password", description = "Every other session of the user ends; the one "
            + "of the token used stays. A wrong current password counts toward the login throttle. A change to how "
            + "the user signs in: it needs a recent proof of who they are (POST /api/user/reauthentication).")
    @ApiDocs.BearerToken
    @ApiResponse(responseCode = "401", description = "INVALID_CREDENTIALS (wrong current password); "
            + ApiDocs.STEP_UP + "; or a token problem: UNAUTHORIZED, INVALID_TOKEN, TOKEN_EXPIRED or TOKEN_REVOKED",
            content = @Content(mediaType = ApiDocs.JSON,
                    schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    @ApiDocs.InvalidInputOrWeakPassword
    @ApiDocs.JsonRequest
    @ApiDocs.Throttled
    @ApiDocs.CrossSiteForbidden
    @ApiDocs.HashingBusy
    HttpResponse<Void> changePassword(
            HttpRequest<?> request,
            Authentication authentication,
            @RequestBody(required = true, content = @Content(
                                           schema = @Schema(implementation = ApiDocs.ChangePasswordRequest.class)))
            JsonNode body);
}
