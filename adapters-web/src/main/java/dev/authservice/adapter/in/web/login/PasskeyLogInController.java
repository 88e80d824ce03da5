package dev.authservice.adapter.in.web.login;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.RefreshTokenCookie;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.error.ErrorResponses;
import dev.authservice.adapter.in.web.passkey.PasskeyErrorCode;
import dev.authservice.adapter.in.web.passkey.PasskeysController;
import dev.authservice.adapter.in.web.passkey.PublicKeyCredentialJson;
import dev.authservice.adapter.in.web.request.JsonBody;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.adapter.in.web.secondfactor.SecondFactorErrorCode;
import dev.authservice.application.login.port.in.BeginPasskeyLogInUseCase;
import dev.authservice.application.login.port.in.LogInWithPasskeyUseCase;
import dev.authservice.application.login.port.in.PasskeyRequestOptions;
import dev.authservice.domain.Require;
import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.passkey.RelyingParty;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
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
import java.util.List;
import java.util.Map;

/**
 * Logging in with a passkey: the request options, then the assertion. A browser passes {@code data.publicKey} of the
 * options to {@code PublicKeyCredential.parseRequestOptionsFromJSON} and that to {@code navigator.credentials.get},
 * and sends what {@code toJSON()} makes of the answer. Without a relying party the paths do not exist.
 */
@Controller("/api/login/passkey")
@Requires(beans = RelyingParty.class)
@Secured(SecurityRule.IS_ANONYMOUS)
@Tag(name = ApiDocs.TAG_AUTH)
@ApiDocs.InternalError
class PasskeyLogInController {

    private final BeginPasskeyLogInUseCase begin;
    private final LogInWithPasskeyUseCase logIn;
    private final Requesters requesters;
    private final JsonMapper json;

    PasskeyLogInController(BeginPasskeyLogInUseCase begin, LogInWithPasskeyUseCase logIn, Requesters requesters,
                           JsonMapper json) {
        this.begin = begin;
        this.logIn = logIn;
        this.requesters = requesters;
        this.json = json;
    }

    /** Body {@code {}} for a passkey alone, or {@code {"ticket": ...}} for the second factor of a pending login. */
    @Post("/options")
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
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    @PasskeyLogInOptionsEnvelope
    Envelope<LogInOptions> options(HttpRequest<?> request, @Body @Nullable @RequestBody(required = true,
            content = @Content(schema = @Schema(implementation = PasskeyLogInOptionsRequest.class))) JsonNode body) {
        JsonNode object = JsonBody.object(body, "{} or {\"ticket\": ...}");
        return begin.beginPasskeyLogIn(new BeginPasskeyLogInUseCase.Command(JsonBody.optionalText(object, "ticket")
                        .map(ticket -> JsonBody.parse(() -> Require.text("ticket", ticket,
                                LoginTicketHash.MAX_PRESENTED_LENGTH))),
                        requesters.anonymous(request).clientAddress()))
                .match(started -> Envelope.ok(LogInOptions.of(started.options())),
                        ticketInvalid -> {
                            throw new ApiException(SecondFactorErrorCode.LOGIN_TICKET_INVALID);
                        },
                        noPasskey -> {
                            throw new ApiException(PasskeyErrorCode.PASSKEY_NOT_FOUND);
                        },
                        throttled -> {
                            throw new ApiException(PasskeyErrorCode.TOO_MANY_PASSKEY_CHALLENGES,
                                    throttled.retryAfter());
                        });
    }

    @Post
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
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<?> logIn(HttpRequest<?> request, @Body @Nullable @RequestBody(required = true, content = @Content(
            schema = @Schema(implementation = PasskeyAssertionRequest.class))) JsonNode body) {
        String assertion = PublicKeyCredentialJson.write(json,
                JsonBody.object(body, "PublicKeyCredential.toJSON() of an assertion"), "an assertion of a passkey");
        return logIn.logInWithPasskey(new LogInWithPasskeyUseCase.Command(assertion, requesters.anonymous(request)))
                .match(loggedIn -> LogInController.loggedIn(loggedIn.tokens()),
                        malformed -> {
                            throw new ApiException(CommonErrorCode.INVALID_INPUT,
                                    "the body is not an assertion of a passkey: PublicKeyCredential.toJSON()");
                        },
                        challengeRefused -> ErrorResponses.of(PasskeyErrorCode.PASSKEY_CHALLENGE_INVALID),
                        refused -> ErrorResponses.of(PasskeyErrorCode.PASSKEY_LOGIN_FAILED),
                        throttled -> ErrorResponses.tooManyAttempts(throttled.retryAfter()));
    }

    /** The data of the options: {@code {"publicKey": ...}}, as a browser's JSON helpers take it. */
    @Serdeable
    @Schema(name = "PasskeyLogInOptions")
    record LogInOptions(RequestOptions publicKey) {

        static LogInOptions of(PasskeyRequestOptions options) {
            return new LogInOptions(new RequestOptions(options.challenge().base64Url(), options.rpId(),
                    options.timeout().toMillis(),
                    options.allowCredentials().stream().map(held -> new PasskeysController.CredentialDescriptor(
                            held.id().toString(), held.transports())).toList(),
                    options.userVerificationRequired() ? "required" : "preferred"));
        }
    }

    /** {@code PublicKeyCredentialRequestOptionsJSON} (WebAuthn Level 3); an empty list is written as one. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "PublicKeyCredentialRequestOptions")
    record RequestOptions(String challenge, String rpId, @Schema(description = "Milliseconds") long timeout,
                          @Schema(description = "Empty for a passkey alone: the authenticator offers what it holds")
                          List<PasskeysController.CredentialDescriptor> allowCredentials,
                          @Schema(description = "required for a passkey alone, preferred for a second factor")
                          String userVerification) {
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

    /** The name of the options' envelope in the API description (see {@link Envelope}). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "PasskeyLogInOptionsEnvelope")
    @interface PasskeyLogInOptionsEnvelope {
    }
}
