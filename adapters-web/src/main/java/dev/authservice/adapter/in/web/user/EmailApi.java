package dev.authservice.adapter.in.web.user;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.user.EmailController.EmailResponse;
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
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The OpenAPI description of {@link EmailController}, apart from its code. */
@Tag(name = ApiDocs.TAG_USER)
@ApiDocs.BearerToken
@ApiDocs.InternalError
interface EmailApi {

    @Operation(summary = "The caller's email address", description = "null for none, and whether the mailbox was "
            + "shown to be the caller's.")
    @EmailEnvelope Envelope<EmailResponse> email(Authentication authentication);

    @Operation(operationId = "changeMyEmail", summary = "Change the caller's email address",
            description = "Stored unverified, unless it names the mailbox the caller had (however it is written): then "
                    + "whether it was verified stays. A new mailbox is mailed a link that verifies it "
                    + "(POST /api/email-verification). The address is how an account is recovered: it needs a recent "
                    + "proof of who the caller is (POST /api/user/reauthentication).")
    @ApiDocs.StepUp
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    @ApiResponse(responseCode = "409", description = "EMAIL_TAKEN: another account's email address names the same "
            + "mailbox; nothing changed",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.InvalidInput
    @ApiDocs.JsonRequest
    @ApiDocs.CrossSiteForbidden
    HttpResponse<Void> changeEmail(
            HttpRequest<?> request,
            Authentication authentication,
            @RequestBody(required = true, content = @Content(
                    schema = @Schema(implementation = ApiDocs.EmailRequest.class))) JsonNode body);

    /** The name of this resource's answer in the API description (see {@link Envelope}). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "EmailEnvelope")
    @interface EmailEnvelope {
    }
}
