package dev.authservice.adapter.in.web.secondfactor;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.secondfactor.TotpController.RecoveryCodes;
import dev.authservice.adapter.in.web.secondfactor.TotpController.TotpEnrolment;
import dev.authservice.application.session.service.StepUp;
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

/** The OpenAPI description of {@link TotpController}, apart from its code. */
@Tag(name = ApiDocs.TAG_USER)
@ApiDocs.BearerToken
@ApiDocs.InternalError
interface TotpApi {

    @Operation(operationId = "enrolTotp", summary = "Enrol a TOTP authenticator app",
            description = "A new secret, pending until confirmed with a code: until then a login needs no second "
                    + "factor. A new enrolment replaces a pending one. The secret is shown here only: as text, as "
                    + "a key URI and as the key URI's QR code.")
    @ApiResponse(responseCode = "200", description = "Enrolled, pending confirmation", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "409", description = "SECOND_FACTOR_ALREADY_ENROLLED: a TOTP is in effect already",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.StepUp
    @ApiDocs.CrossSiteForbidden
    HttpResponse<@TotpEnrolmentEnvelope Envelope<TotpEnrolment>> enrol(
            HttpRequest<?> request,
            Authentication authentication);

    @Operation(operationId = "confirmTotp", summary = "Confirm the pending TOTP with a code",
            description = "From now on a login needs a second factor. Answers ten recovery codes, each good once "
                    + "instead of a code, shown here only.")
    @ApiResponse(responseCode = "200", description = "In effect", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "401", description = "INVALID_SECOND_FACTOR (a wrong code); " + ApiDocs.STEP_UP
            + "; or a token problem: UNAUTHORIZED, INVALID_TOKEN, TOKEN_EXPIRED or TOKEN_REVOKED",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiResponse(responseCode = "404", description = "SECOND_FACTOR_NOT_FOUND: no TOTP pending confirmation",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.InvalidInput
    @ApiDocs.JsonRequest
    @ApiDocs.CrossSiteForbidden
    HttpResponse<@RecoveryCodesEnvelope Envelope<RecoveryCodes>> confirm(
            HttpRequest<?> request,
            Authentication authentication,
            @RequestBody(required = true,
            content = @Content(schema = @Schema(implementation = ConfirmTotpRequest.class))) JsonNode body);

    @Operation(operationId = "removeTotp", summary = "Remove the TOTP and its recovery codes",
            description = "From now on a login needs the password only (or a passkey).")
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    @ApiResponse(responseCode = "404", description = "SECOND_FACTOR_NOT_FOUND: the user has no TOTP",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.StepUp
    @ApiDocs.CrossSiteForbidden
    HttpResponse<Void> remove(HttpRequest<?> request, Authentication authentication);

    @Operation(operationId = "renewRecoveryCodes", summary = "New recovery codes",
            description = "Ten new recovery codes, shown here only; the old ones, used or not, stop working.")
    @ApiResponse(responseCode = "200", description = "Renewed", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "404", description = "SECOND_FACTOR_NOT_FOUND: no TOTP in effect",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.StepUp
    @ApiDocs.CrossSiteForbidden
    HttpResponse<@RecoveryCodesEnvelope Envelope<RecoveryCodes>> renewRecoveryCodes(
            HttpRequest<?> request,
            Authentication authentication);

    @Target(ElementType.TYPE_USE)
    @Retention(RetentionPolicy.RUNTIME)
    @Schema(name = "TotpEnrolmentEnvelope")
    @interface TotpEnrolmentEnvelope {
    }

    @Target(ElementType.TYPE_USE)
    @Retention(RetentionPolicy.RUNTIME)
    @Schema(name = "RecoveryCodesEnvelope")
    @interface RecoveryCodesEnvelope {
    }

    @Schema(name = "ConfirmTotpRequest", requiredProperties = {"code"})
    record ConfirmTotpRequest(@Schema(example = "123456") String code) {
    }
}
