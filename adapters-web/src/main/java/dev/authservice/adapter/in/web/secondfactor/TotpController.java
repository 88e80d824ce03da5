package dev.authservice.adapter.in.web.secondfactor;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.error.ApiException;
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
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Status;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * The signed-in user's TOTP (an authenticator app) as a second factor: enrol, confirm with a code, remove, and new
 * recovery codes. The secret and the recovery codes are in the answers once, never again. Each is a change to how the
 * user signs in, so each needs a recent proof of who they are (POST /api/user/reauthentication).
 */
@Controller(TotpController.PATH)
@Secured(SecurityRule.IS_AUTHENTICATED)
class TotpController implements TotpApi {

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

    @Override
    @Post
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<@TotpEnrolmentEnvelope Envelope<TotpEnrolment>> enrol(
            HttpRequest<?> request,
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
    @Override
    @Post("/confirm")
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<@RecoveryCodesEnvelope Envelope<RecoveryCodes>> confirm(
            HttpRequest<?> request,
            Authentication authentication,
            @Body @Nullable JsonNode body) {
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

    @Override
    @Delete
    @Status(HttpStatus.NO_CONTENT)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<Void> remove(HttpRequest<?> request, Authentication authentication) {
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

    @Override
    @Post("/recovery-codes")
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<@RecoveryCodesEnvelope Envelope<RecoveryCodes>> renewRecoveryCodes(
            HttpRequest<?> request,
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
}
