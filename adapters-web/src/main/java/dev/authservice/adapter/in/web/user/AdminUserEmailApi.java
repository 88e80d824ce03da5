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

/** The OpenAPI description of {@link AdminUserEmailController}, apart from its code. */
@Tag(name = ApiDocs.TAG_ADMIN)
@ApiDocs.BearerToken
@ApiDocs.AdminRole
@ApiDocs.UserNotFound
@ApiDocs.InternalError
interface AdminUserEmailApi {

    @Operation(operationId = "setUserEmail", summary = "Set a user's email address",
            description = "Stored unverified, unless it names the mailbox the user had (however it is written): then "
                    + "whether it was verified stays. Mailboxes are told apart by the local part as written and the "
                    + "domain in lower-case IDNA form.")
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    @ApiResponse(responseCode = "409", description = "EMAIL_TAKEN: another account's email address names the same "
            + "mailbox; nothing changed",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.InvalidInput
    @ApiDocs.JsonRequest
    HttpResponse<Void> setEmail(
            HttpRequest<?> request,
            Authentication authentication,
            String userId,
            @RequestBody(required = true, content = @Content(
                    schema = @Schema(implementation = ApiDocs.EmailRequest.class))) JsonNode body);

    @Operation(operationId = "removeUserEmail", summary = "Remove a user's email address")
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    HttpResponse<Void> removeEmail(HttpRequest<?> request, Authentication authentication, String userId);
}
