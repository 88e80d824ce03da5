package dev.authservice.adapter.in.web.login;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.login.ReauthenticationController.Reauthentication;
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
import java.util.Map;

/** The OpenAPI description of {@link ReauthenticationController}, apart from its code. */
@Tag(name = ApiDocs.TAG_USER)
@ApiDocs.BearerToken
@ApiDocs.InternalError
interface ReauthenticationApi {

    @Operation(operationId = "reauthenticate", summary = "Prove again who you are",
            description = "What a login takes of the caller: the password, with a code of the authenticator app or a "
                    + "recovery code when their TOTP is in effect; or the assertion of one of their passkeys, its "
                    + "user verified, over a challenge from POST /api/login/passkey/options without a ticket. "
                    + "Answers an access token whose auth_time is now: for the next few minutes "
                    + "(auth.step-up.max-age) it may change how the user signs in. Counts toward the login throttle.")
    @ApiResponse(responseCode = "200", description = "Proven", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "401", description = "INVALID_CREDENTIALS: a wrong password, code or recovery code, or "
            + "a refused passkey; SECOND_FACTOR_REQUIRED: the password is right and the user's TOTP is in effect, so "
            + "send it again with a code or a recovery code; TOTP_LOCKED: the app's codes are used up, so use a "
            + "recovery code or a passkey; or a token problem: UNAUTHORIZED, INVALID_TOKEN, TOKEN_EXPIRED or "
            + "TOKEN_REVOKED (also for a session that ended meanwhile)",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.InvalidInput
    @ApiDocs.JsonRequest
    @ApiDocs.Throttled
    @ApiDocs.CrossSiteForbidden
    @ApiDocs.HashingBusy
    HttpResponse<@ReauthenticationEnvelope Envelope<Reauthentication>> reauthenticate(
            HttpRequest<?> request,
            Authentication authentication,
            @RequestBody(required = true,
            content = @Content(schema = @Schema(implementation = ReauthenticateRequest.class))) JsonNode body);

    @Target(ElementType.TYPE_USE)
    @Retention(RetentionPolicy.RUNTIME)
    @Schema(name = "ReauthenticationEnvelope")
    @interface ReauthenticationEnvelope {
    }

    /** The body of {@code POST /api/user/reauthentication}; read as a JSON tree: this only documents it. */
    @Schema(name = "ReauthenticateRequest", description = "password, with code or recoveryCode when the TOTP is in "
            + "effect; or passkey alone")
    record ReauthenticateRequest(String password, @Schema(example = "123456") String code,
                                 @Schema(example = "ABCDE-FGH23") String recoveryCode,
                                 @Schema(description = "PublicKeyCredential.toJSON() of the assertion of one of the "
                                         + "caller's passkeys, over a challenge issued without a ticket")
                                 Map<String, Object> passkey) {
    }
}
