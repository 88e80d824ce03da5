package dev.authservice.adapter.in.web.login;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.RefreshTokenCookie;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.login.PasskeyLogInController.LogInOptions;
import io.micronaut.core.annotation.Nullable;
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
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Map;

/** The OpenAPI description of {@link PasskeyLogInController}, apart from its code. */
@Tag(name = ApiDocs.TAG_AUTH)
@ApiDocs.InternalError
interface PasskeyLogInApi {

    @Operation(operationId = "beginPasskeyLogIn", summary = "Start a login with a passkey",
            description = "data is the JSON form of PublicKeyCredentialRequestOptions under publicKey, for "
                    + "PublicKeyCredential.parseRequestOptionsFromJSON(). With {} the passkey logs in alone: any of "
                    + "the user's passkeys, user verification required, for POST /api/login/passkey. With the ticket "
                    + "of a 401 SECOND_FACTOR_REQUIRED it completes that login: one of its user's passkeys, for "
                    + "POST /api/login/second-factor. The challenge is good for one assertion within the timeout.",
            security = {})
    @ApiResponse(responseCode = "200", description = "The options for the authenticator", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "401", description = "LOGIN_TICKET_INVALID: the ticket is unknown, used up or "
            + "expired (log in again)",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiResponse(responseCode = "404", description = "PASSKEY_NOT_FOUND: the ticket's user holds no passkey",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiResponse(responseCode = "429", description = "TOO_MANY_PASSKEY_CHALLENGES (without a ticket): this client "
            + "address holds as many unanswered challenges as it may; another is issued once the first of them expires",
            headers = @Header(name = "Retry-After", description = "Seconds to wait",
                    schema = @Schema(type = "integer")),
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.InvalidInput
    @ApiDocs.JsonRequest
    @ApiDocs.CrossSiteForbidden
    @PasskeyLogInOptionsEnvelope Envelope<LogInOptions> options(
            HttpRequest<?> request,
            @RequestBody(required = true,
            content = @Content(schema = @Schema(implementation = PasskeyLogInOptionsRequest.class))) JsonNode body);

    @Operation(operationId = "logInWithPasskey", summary = "Log in with a passkey",
            description = "The body is PublicKeyCredential.toJSON() of the assertion navigator.credentials.get() made "
                    + "with the options of POST /api/login/passkey/options without a ticket: answers exactly as "
                    + "POST /api/login does. The challenge it answers is used up whatever the outcome.",
            security = {})
    @ApiResponse(responseCode = "200", description = "Logged in",
            headers = @Header(name = "Set-Cookie", description = RefreshTokenCookie.NAME
                    + "=<opaque>; Max-Age=<refresh ttl in s>; Path=" + RefreshTokenCookie.PATH
                    + "; Secure; HttpOnly; SameSite=Strict", schema = @Schema(type = "string")),
            content = @Content(mediaType = ApiDocs.JSON,
                    schema = @Schema(implementation = LogInController.LogInResponse.class)))
    @ApiResponse(responseCode = "400", description = "INVALID_INPUT: not an assertion; PASSKEY_CHALLENGE_INVALID: "
            + "the challenge is unknown, used already, a pending login's or expired",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiResponse(responseCode = "401", description = "PASSKEY_LOGIN_FAILED: an unknown passkey, a signature or "
            + "origin that does not verify, no user verification, a counter that did not go up, or a disabled "
            + "account: one answer for all",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.JsonRequest
    @ApiDocs.Throttled
    @ApiDocs.CrossSiteForbidden
    HttpResponse<?> logIn(
            HttpRequest<?> request,
            @RequestBody(required = true, content = @Content(
            schema = @Schema(implementation = PasskeyAssertionRequest.class))) JsonNode body);

    /** The name of the options' envelope in the API description (see {@link Envelope}). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "PasskeyLogInOptionsEnvelope")
    @interface PasskeyLogInOptionsEnvelope {
    }

    /** The body of the options; the controller reads it as a JSON tree: this only documents it. */
    @Schema(name = "PasskeyLogInOptionsRequest")
    record PasskeyLogInOptionsRequest(@Schema(description = "The ticket of a 401 SECOND_FACTOR_REQUIRED; left out "
            + "for a passkey alone", nullable = true) @Nullable String ticket) {
    }

    /** The body of {@code POST /api/login/passkey}; read as a JSON tree: this only documents it. */
    @Schema(name = "PasskeyAssertionRequest", requiredProperties = {"id", "rawId", "type", "response"})
    record PasskeyAssertionRequest(
            @Schema(description = "The credential id, base64url") String id,
            @Schema(description = "The same as id, base64url: one that differs is refused") String rawId,
            @Schema(example = "public-key") String type,
            @Schema(description = "AuthenticatorAssertionResponseJSON: clientDataJSON, authenticatorData, signature "
                    + "and userHandle, base64url") Map<String, Object> response,
            @Schema(description = "Client extension results; {} when none", nullable = true)
            @Nullable Map<String, Object> clientExtensionResults,
            @Schema(description = "platform or cross-platform", nullable = true)
            @Nullable String authenticatorAttachment) {
    }
}
