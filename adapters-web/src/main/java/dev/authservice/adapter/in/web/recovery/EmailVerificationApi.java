package dev.authservice.adapter.in.web.recovery;

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

/** The OpenAPI description of {@link EmailVerificationController}, apart from its code. */
@ApiDocs.InternalError
interface EmailVerificationApi {

    @Tag(name = ApiDocs.TAG_AUTH)
    @Operation(operationId = "verifyEmail", summary = "Verify an email address with a mailed token",
            description = "The token from the link's fragment (#verify-email=<token>), mailed to an address when it "
                    + "was set. The address is marked verified if the account still holds it. No session is needed.",
            security = {})
    @ApiResponse(responseCode = "204", description = "The address is verified")
    @ApiResponse(responseCode = "400", description = "VERIFICATION_TOKEN_INVALID: the token is unknown, expired, "
            + "used, replaced by a newer one, or the account's address changed since it was sent; INVALID_INPUT: "
            + "malformed JSON, a missing, blank or over-long token",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.JsonRequest
    @ApiDocs.CrossSiteForbidden
    HttpResponse<?> verifyEmail(
            HttpRequest<?> request,
            @RequestBody(required = true, content = @Content(
                    schema = @Schema(implementation = VerifyEmailRequest.class))) JsonNode body);

    @Tag(name = ApiDocs.TAG_USER)
    @Operation(operationId = "sendVerificationMail", summary = "Mail the link that verifies the caller's address again",
            description = "A new link goes to the caller's unverified address; the one before is void. Limited per "
                    + "account and per client address. Needs no recent proof of who the caller is.")
    @ApiDocs.BearerToken
    @ApiResponse(responseCode = "202", description = "A new link is on its way")
    @ApiResponse(responseCode = "409", description = "EMAIL_ALREADY_VERIFIED: nothing to verify; NO_EMAIL_ADDRESS: "
            + "the account has no address",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiResponse(responseCode = "429", description = "VERIFICATION_MAIL_THROTTLED: too many links asked for this "
            + "account, or from this client address",
            headers = @Header(name = "Retry-After", description = "Seconds to wait",
                    schema = @Schema(type = "integer")),
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.CrossSiteForbidden
    HttpResponse<?> sendVerificationMail(HttpRequest<?> request, Authentication authentication);

    /** The body of {@code POST /api/email-verification}. */
    @Schema(name = "VerifyEmailRequest", requiredProperties = {"token"})
    record VerifyEmailRequest(String token) {
    }
}
