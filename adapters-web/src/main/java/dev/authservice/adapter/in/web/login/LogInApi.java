package dev.authservice.adapter.in.web.login;

import dev.authservice.adapter.in.web.RefreshTokenCookie;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.login.LogInController.LogInResponse;
import dev.authservice.adapter.in.web.login.LogInController.SecondFactorChallenge;
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
import java.util.Map;

/** The OpenAPI description of {@link LogInController}, apart from its code. */
@Tag(name = ApiDocs.TAG_AUTH)
@ApiDocs.InternalError
interface LogInApi {

    @Operation(summary = "Log in", description = "Answers an access token, and the refresh token as an HttpOnly "
            + "cookie. A wrong password and an unknown username get the same 401. For an account with a second "
            + "factor the right password answers 401 SECOND_FACTOR_REQUIRED with a ticket instead, which "
            + "POST /api/login/second-factor completes.", security = {})
    @ApiResponse(responseCode = "200", description = "Logged in",
            headers = @Header(name = "Set-Cookie", description = RefreshTokenCookie.NAME
                    + "=<opaque>; Max-Age=<refresh ttl in s>; Path=" + RefreshTokenCookie.PATH
                    + "; Secure; HttpOnly; SameSite=Strict", schema = @Schema(type = "string")),
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = LogInResponse.class)))
    @ApiResponse(responseCode = "401", description = "INVALID_CREDENTIALS: wrong username or password; or "
            + "SECOND_FACTOR_REQUIRED: the password is right, and data carries the ticket that completes the login, "
            + "the methods the account has and the ticket's lifetime in seconds",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(oneOf = {ErrorEnvelope.class,
                    SecondFactorRequiredEnvelope.class})))
    @ApiResponse(responseCode = "403", description = "EMAIL_NOT_VERIFIED: the password is right, for an account made "
            + "by sign-up whose email address is not verified yet: follow the mailed link, or ask for a new one "
            + "(POST /api/sign-up/verification-mail)",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.InvalidInput
    @ApiDocs.JsonRequest
    @ApiDocs.Throttled
    @ApiDocs.CrossSiteForbidden
    @ApiDocs.HashingBusy
    HttpResponse<?> logIn(
            HttpRequest<?> request,
            @RequestBody(required = true, content = @Content(
                                  schema = @Schema(implementation = ApiDocs.LogInRequest.class))) JsonNode body);

    @Operation(operationId = "completeLogIn", summary = "Complete a login with a second factor",
            description = "The ticket of a 401 SECOND_FACTOR_REQUIRED, with a code of the authenticator app, one of "
                    + "the recovery codes, or the assertion of one of the user's passkeys over a challenge from "
                    + "POST /api/login/passkey/options with the ticket: answers exactly as a login does. Wrong codes "
                    + "and refused assertions count toward the login throttle, and the fifth ends the ticket. The "
                    + "app's codes also count per account, from every address: after five wrong in a row each next "
                    + "one waits (429), and after 100 in the secret's life they are refused for good.",
            security = {})
    @ApiResponse(responseCode = "200", description = "Logged in",
            headers = @Header(name = "Set-Cookie", description = RefreshTokenCookie.NAME
                    + "=<opaque>; Max-Age=<refresh ttl in s>; Path=" + RefreshTokenCookie.PATH
                    + "; Secure; HttpOnly; SameSite=Strict", schema = @Schema(type = "string")),
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = LogInResponse.class)))
    @ApiResponse(responseCode = "401", description = "INVALID_SECOND_FACTOR: a wrong code, or one used already, or a "
            + "passkey's assertion that is refused (its challenge, the passkey, the signature or the counter); "
            + "LOGIN_TICKET_INVALID: the ticket is unknown, used up, ended by wrong codes or expired (log in again); "
            + "TOTP_LOCKED: the app's codes are used up by wrong ones from every address (use a recovery code or a "
            + "passkey)",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.InvalidInput
    @ApiDocs.JsonRequest
    @ApiDocs.Throttled
    @ApiDocs.CrossSiteForbidden
    HttpResponse<?> completeLogIn(
            HttpRequest<?> request,
            @RequestBody(required = true,
            content = @Content(schema = @Schema(implementation = CompleteLogInRequest.class))) JsonNode body);

    /** Documents the 401 of a right password for an account with a second factor; the answer is an ErrorEnvelope. */
    @Schema(name = "SecondFactorRequiredEnvelope", description = "An error whose data carries the login ticket")
    record SecondFactorRequiredEnvelope(boolean success, SecondFactorChallenge data, ErrorEnvelope.Error error,
                                        String timestamp) {
    }

    /** The body of {@code POST /api/login/second-factor}: the ticket and one of code, recoveryCode and passkey. */
    @Schema(name = "CompleteLogInRequest", requiredProperties = {"ticket"})
    record CompleteLogInRequest(String ticket, @Schema(example = "123456") String code,
                                @Schema(example = "ABCDE-FGH23") String recoveryCode,
                                @Schema(description = "PublicKeyCredential.toJSON() of the assertion of one of the "
                                        + "user's passkeys, over a challenge issued for this ticket")
                                Map<String, Object> passkey) {
    }
}
