package dev.authservice.adapter.in.web.recovery;

import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.json.tree.JsonNode;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

/** The OpenAPI description of {@link PasswordResetController}, apart from its code. */
@Tag(name = ApiDocs.TAG_AUTH)
@ApiDocs.InternalError
interface PasswordResetApi {

    @Operation(operationId = "requestPasswordReset", summary = "Ask for a password-reset link",
            description = "Names a username or an email address. If it is an enabled account's with a verified "
                    + "address, a link with a single-use token is mailed there; the answer is 202 either way, at "
                    + "once, so it tells no one whether the account exists. Requests are limited per username or "
                    + "address named, whether or not it is an account's, and per client address.",
            security = {})
    @ApiResponse(responseCode = "202", description = "Taken: a link is on its way if the account may have one")
    @ApiResponse(responseCode = "429", description = "RESET_THROTTLED: too many requests for this username or "
            + "address, or from this client address",
            headers = @Header(name = "Retry-After", description = "Seconds to wait",
                    schema = @Schema(type = "integer")),
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiResponse(responseCode = "400", description = "INVALID_INPUT: malformed JSON, neither or both of username "
            + "and email, or one that is no username or address",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.JsonRequest
    @ApiDocs.CrossSiteForbidden
    HttpResponse<?> requestReset(
            HttpRequest<?> request,
            @RequestBody(required = true, content = @Content(
                    schema = @Schema(implementation = ResetRequest.class))) JsonNode body);

    @Operation(operationId = "resetPassword", summary = "Set a new password with a mailed reset token",
            description = "The token from the link's fragment (#reset-password=<token>) and the new password. The "
                    + "password rules apply as everywhere; every session of the user ends. A second factor stays: "
                    + "the next login asks for it.", security = {})
    @ApiResponse(responseCode = "204", description = "The password is set; every session of the user ended")
    @ApiResponse(responseCode = "400", description = "RESET_TOKEN_INVALID: the token is unknown, expired, used, "
            + "replaced by a newer one, or the password changed since it was sent; WEAK_PASSWORD: too short, too "
            + "common or containing the username (the token stays good); INVALID_INPUT: malformed JSON, a missing, "
            + "blank or over-long field",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.JsonRequest
    @ApiDocs.CrossSiteForbidden
    @ApiDocs.HashingBusy
    HttpResponse<?> resetPassword(
            HttpRequest<?> request,
            @RequestBody(required = true, content = @Content(
                    schema = @Schema(implementation = ResetPasswordRequest.class))) JsonNode body);

    /** The body of {@code POST /api/password-reset/requests}: one of username and email. */
    @Schema(name = "PasswordResetRequest", description = "Exactly one of username and email")
    record ResetRequest(@Schema(example = "alice") String username,
                        @Schema(example = "alice@example.com") String email) {
    }

    /** The body of {@code POST /api/password-reset}. */
    @Schema(name = "ResetPasswordRequest", requiredProperties = {"token", "newPassword"})
    record ResetPasswordRequest(String token, @Schema(example = "a-brand-new-long-passphrase") String newPassword) {
    }
}
