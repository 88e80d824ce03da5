package dev.authservice.adapter.in.web;

import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.edge.PasswordHashingExecutor;
import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.error.ErrorResponses;
import dev.authservice.adapter.in.web.security.Caller;
import dev.authservice.application.port.in.ConfirmTotpUseCase;
import dev.authservice.application.port.in.EnrolTotpUseCase;
import dev.authservice.application.port.in.RemoveTotpUseCase;
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
 * The signed-in user's TOTP (an authenticator app) as a second factor: enrol, confirm with a code, remove. The
 * secret and the recovery codes are in the answers of enrol and confirm once, never again.
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
    private final Requesters requesters;

    TotpController(EnrolTotpUseCase enrolTotp, ConfirmTotpUseCase confirmTotp, RemoveTotpUseCase removeTotp,
                   Requesters requesters) {
        this.enrolTotp = enrolTotp;
        this.confirmTotp = confirmTotp;
        this.removeTotp = removeTotp;
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
    @ApiDocs.CrossSiteForbidden
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<@TotpEnrolmentEnvelope Envelope<TotpEnrolment>> enrol(HttpRequest<?> request,
                                                                      Authentication authentication) {
        Caller caller = Caller.of(authentication);
        return enrolTotp.enrolTotp(new EnrolTotpUseCase.Command(caller.userId(), caller.username(),
                        requesters.caller(request, authentication)))
                .match(enrolled -> HttpResponse.ok(Envelope.ok(new TotpEnrolment(enrolled.secret(),
                                enrolled.otpauthUri(), QrCodeSvg.dataUri(enrolled.otpauthUri()))))
                                .header(HttpHeaders.CACHE_CONTROL, "no-store"),
                        alreadyConfirmed -> {
                            throw new ApiException(SecondFactorErrorCode.SECOND_FACTOR_ALREADY_ENROLLED);
                        });
    }

    /** Body {@code {"code": "123456"}}. */
    @Post("/confirm")
    @Operation(operationId = "confirmTotp", summary = "Confirm the pending TOTP with a code",
            description = "From now on a login needs a second factor. Answers ten recovery codes, each good once "
                    + "instead of a code, shown here only.")
    @ApiResponse(responseCode = "200", description = "In effect", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "401", description = "INVALID_SECOND_FACTOR (a wrong code), or a token problem: "
            + "UNAUTHORIZED, INVALID_TOKEN, TOKEN_EXPIRED or TOKEN_REVOKED",
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
        return confirmTotp.confirmTotp(new ConfirmTotpUseCase.Command(Caller.of(authentication).userId(), code,
                        requesters.caller(request, authentication)))
                .match(confirmed -> HttpResponse.ok(Envelope.ok(new RecoveryCodes(confirmed.recoveryCodes())))
                                .header(HttpHeaders.CACHE_CONTROL, "no-store"),
                        wrongCode -> {
                            throw new ApiException(SecondFactorErrorCode.INVALID_SECOND_FACTOR);
                        },
                        nothingToConfirm -> {
                            throw new ApiException(SecondFactorErrorCode.SECOND_FACTOR_NOT_FOUND);
                        });
    }

    /** Body {@code {"code": "123456"}} or {@code {"password": ...}}; on the password-hashing threads. */
    @Delete
    @Operation(operationId = "removeTotp", summary = "Remove the TOTP and its recovery codes",
            description = "Proven by a current code or by the password, which count toward the login throttle.")
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    @ApiResponse(responseCode = "401", description = "INVALID_SECOND_FACTOR (a wrong or used code), "
            + "INVALID_CREDENTIALS (a wrong password), or a token problem: UNAUTHORIZED, INVALID_TOKEN, "
            + "TOKEN_EXPIRED or TOKEN_REVOKED",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiResponse(responseCode = "404", description = "SECOND_FACTOR_NOT_FOUND: the user has no TOTP",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.InvalidInput
    @ApiDocs.JsonRequest
    @ApiDocs.Throttled
    @ApiDocs.CrossSiteForbidden
    @ApiDocs.HashingBusy
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(PasswordHashingExecutor.NAME)
    HttpResponse<?> remove(HttpRequest<?> request, Authentication authentication,
                           @Body @Nullable @RequestBody(required = true, content = @Content(
                                   schema = @Schema(implementation = RemoveTotpRequest.class))) JsonNode body) {
        JsonNode json = JsonBody.object(body, "{\"code\": ...} or {\"password\": ...}");
        Optional<TotpCode> code = JsonBody.optionalText(json, "code")
                .map(text -> JsonBody.parse(() -> TotpCode.parse("code", text)));
        boolean withPassword = json.get("password") != null && !json.get("password").isNull();
        if (code.isPresent() == withPassword) {
            throw new ApiException(CommonErrorCode.INVALID_INPUT, "give either code or password");
        }
        return removeTotp.removeTotp(new RemoveTotpUseCase.Command(Caller.of(authentication).userId(), code,
                        withPassword ? Optional.of(JsonBody.password(json, "password")) : Optional.empty(),
                        requesters.caller(request, authentication)))
                .match(removed -> HttpResponse.noContent(),
                        wrongProof -> ErrorResponses.of(withPassword ? SessionErrorCode.INVALID_CREDENTIALS
                                : SecondFactorErrorCode.INVALID_SECOND_FACTOR),
                        throttled -> ErrorResponses.tooManyAttempts(throttled.retryAfter()),
                        notEnrolled -> ErrorResponses.of(SecondFactorErrorCode.SECOND_FACTOR_NOT_FOUND));
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

    @Schema(name = "RemoveTotpRequest", description = "code or password, not both")
    record RemoveTotpRequest(@Schema(example = "123456") String code, String password) {
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
