package dev.authservice.adapter.in.web.secondfactor;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.edge.hashing.PasswordHashingExecutor;
import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.error.ErrorResponses;
import dev.authservice.adapter.in.web.request.JsonBody;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.adapter.in.web.security.Caller;
import dev.authservice.adapter.in.web.session.ReauthenticationErrorCode;
import dev.authservice.application.secondfactor.port.in.ConfirmTotpUseCase;
import dev.authservice.application.secondfactor.port.in.EnrolTotpUseCase;
import dev.authservice.application.secondfactor.port.in.RemoveTotpUseCase;
import dev.authservice.application.secondfactor.port.in.RenewRecoveryCodesUseCase;
import dev.authservice.domain.secondfactor.TotpCode;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Post;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
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
import java.util.List;
import java.util.Optional;

/**
 * The signed-in user's TOTP (an authenticator app) as a second factor: enrol, confirm with a code, remove, and new
 * recovery codes. The secret and the recovery codes are in the answers once, never again. Each is a change to how the
 * user signs in, so each needs a recent proof of who they are (POST /api/user/reauthentication).
 */
@Controller(TotpController.PATH)
@Secured(SecurityRule.IS_AUTHENTICATED)
@Tag(name = ApiDocs.TAG_USER)
@ApiDocs.BearerToken
@ApiDocs.InternalError
class TotpController {

    static final String PATH = "/api/user/second-factor/totp";

    private final EnrolTotpUseCase enrolTotp;
    private final ConfirmTotpUseCase confirmTotp;
    private final RemoveTotpUseCase removeTotp;
    private final RenewRecoveryCodesUseCase renewRecoveryCodes;
    private final Requesters requesters;

    TotpController(EnrolTotpUseCase enrolTotp, ConfirmTotpUseCase confirmTotp, RemoveTotpUseCase removeTotp,
                   RenewRecoveryCodesUseCase renewRecoveryCodes, Requesters requesters) {
        this.enrolTotp = enrolTotp;
        this.confirmTotp = confirmTotp;
        this.removeTotp = removeTotp;
        this.renewRecoveryCodes = renewRecoveryCodes;
        this.requesters = requesters;
    }

    @Post
    @Operation(operationId = "enrolTotp", summary = "Enrol a TOTP authenticator app",
            description = "A new secret, pending until confirmed with a code: until then a login needs no second "
                    + "factor. A new enrolment replaces a pending one. The secret is shown here only: as text, as "
                    + "a key URI and as the key URI's QR code.")
    @ApiResponse(responseCode = "200", description = "Enrolled, pending confirmation", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "409", description = "SECOND_FACTOR_ALREADY_ENROLLED: a TOTP is in effect already",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.StepUp
    @ApiDocs.CrossSiteForbidden
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<@TotpEnrolmentEnvelope Envelope<TotpEnrolment>> enrol(HttpRequest<?> request,
                                                                      Authentication authentication) {
        Caller caller = Caller.of(authentication);
        return enrolTotp.enrolTotp(new EnrolTotpUseCase.Command(caller.userId(), caller.authenticatedAt(),
                        caller.username(), requesters.caller(request, authentication)))
                .match(enrolled -> HttpResponse.ok(Envelope.ok(new TotpEnrolment(enrolled.secret(),
                                enrolled.otpauthUri(), QrCodeSvg.dataUri(enrolled.otpauthUri()))))
                                .header(HttpHeaders.CACHE_CONTROL, "no-store"),
                        alreadyConfirmed -> {
                            throw new ApiException(SecondFactorErrorCode.SECOND_FACTOR_ALREADY_ENROLLED);
                        },
                        reauthenticationRequired -> {
                            throw ReauthenticationErrorCode.required();
                        });
    }

    /** Body {@code {"code": "123456"}}. */
    @Post("/confirm")
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
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<@RecoveryCodesEnvelope Envelope<RecoveryCodes>> confirm(
            HttpRequest<?> request, Authentication authentication, @Body @Nullable @RequestBody(required = true,
            content = @Content(schema = @Schema(implementation = ConfirmTotpRequest.class))) JsonNode body) {
        JsonNode json = JsonBody.object(body, "{\"code\": ...}");
        TotpCode code = JsonBody.parse(() -> TotpCode.parse("code", JsonBody.text(json, "code")));
        Caller caller = Caller.of(authentication);
        return confirmTotp.confirmTotp(new ConfirmTotpUseCase.Command(caller.userId(), caller.authenticatedAt(), code,
                        requesters.caller(request, authentication)))
                .match(confirmed -> recoveryCodes(confirmed.recoveryCodes()),
                        wrongCode -> {
                            throw new ApiException(SecondFactorErrorCode.INVALID_SECOND_FACTOR);
                        },
                        nothingToConfirm -> {
                            throw new ApiException(SecondFactorErrorCode.SECOND_FACTOR_NOT_FOUND);
                        },
                        reauthenticationRequired -> {
                            throw ReauthenticationErrorCode.required();
                        });
    }

    @Delete
    @Operation(operationId = "removeTotp", summary = "Remove the TOTP and its recovery codes",
            description = "From now on a login needs the password only (or a passkey).")
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    @ApiResponse(responseCode = "404", description = "SECOND_FACTOR_NOT_FOUND: the user has no TOTP",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.StepUp
    @ApiDocs.CrossSiteForbidden
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<?> remove(HttpRequest<?> request, Authentication authentication) {
        Caller caller = Caller.of(authentication);
        return removeTotp.removeTotp(new RemoveTotpUseCase.Command(caller.userId(), caller.authenticatedAt(),
                        requesters.caller(request, authentication)))
                .match(removed -> HttpResponse.noContent(),
                        notEnrolled -> {
                            throw new ApiException(SecondFactorErrorCode.SECOND_FACTOR_NOT_FOUND);
                        },
                        reauthenticationRequired -> {
                            throw ReauthenticationErrorCode.required();
                        });
    }

    @Post("/recovery-codes")
    @Operation(operationId = "renewRecoveryCodes", summary = "New recovery codes",
            description = "Ten new recovery codes, shown here only; the old ones, used or not, stop working.")
    @ApiResponse(responseCode = "200", description = "Renewed", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "404", description = "SECOND_FACTOR_NOT_FOUND: no TOTP in effect",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.StepUp
    @ApiDocs.CrossSiteForbidden
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<@RecoveryCodesEnvelope Envelope<RecoveryCodes>> renewRecoveryCodes(HttpRequest<?> request,
                                                                                  Authentication authentication) {
        Caller caller = Caller.of(authentication);
        return renewRecoveryCodes.renewRecoveryCodes(new RenewRecoveryCodesUseCase.Command(caller.userId(),
                        caller.authenticatedAt(), requesters.caller(request, authentication)))
                .match(renewed -> recoveryCodes(renewed.recoveryCodes()),
                        notEnrolled -> {
                            throw new ApiException(SecondFactorErrorCode.SECOND_FACTOR_NOT_FOUND);
                        },
                        reauthenticationRequired -> {
                            throw ReauthenticationErrorCode.required();
                        });
    }

    private static HttpResponse<Envelope<RecoveryCodes>> recoveryCodes(List<String> codes) {
        return HttpResponse.ok(Envelope.ok(new RecoveryCodes(codes))).header(HttpHeaders.CACHE_CONTROL, "no-store");
    }

    /** The QR code is drawn here, not by the application: it is how the web shows the key URI, not a rule of TOTP. */
    @Serdeable
    @Schema(name = "TotpEnrolment", description = "secret: base32, to type into an authenticator app; otpauthUri: "
            + "the same as a key URI (SHA1, 6 digits, 30 s); qrCode: the key URI's QR code, an SVG image as a "
            + "data: URI, for an img element")
    record TotpEnrolment(String secret, String otpauthUri,
                         @Schema(example = "data:image/svg+xml;base64,PHN2ZyB4bWxucz0i...") String qrCode) {
        @Override
        public String toString() {
            return "TotpEnrolment[****]";
        }
    }

    @Serdeable
    @Schema(name = "RecoveryCodes", description = "Ten codes, each good once instead of a TOTP code at login")
    record RecoveryCodes(@Schema(example = "[\"ABCDE-FGH23\"]") List<String> recoveryCodes) {
        @Override
        public String toString() {
            return "RecoveryCodes[****]";
        }
    }

    @Schema(name = "ConfirmTotpRequest", requiredProperties = {"code"})
    record ConfirmTotpRequest(@Schema(example = "123456") String code) {
    }

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
}
