package dev.authservice.adapter.in.web.passkey;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.passkey.PasskeysController.PasskeyResponse;
import dev.authservice.adapter.in.web.passkey.PasskeysController.RegistrationOptions;
import dev.authservice.application.session.service.StepUp;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.security.authentication.Authentication;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import java.util.Map;

/** The OpenAPI description of {@link PasskeysController}, apart from its code. */
@Tag(name = ApiDocs.TAG_USER)
@ApiDocs.BearerToken
@ApiDocs.InternalError
interface PasskeysApi {

    @Operation(operationId = "beginPasskeyRegistration", summary = "Start registering a passkey",
            description = "data is the JSON form of PublicKeyCredentialCreationOptions under publicKey, for "
                    + "PublicKeyCredential.parseCreationOptionsFromJSON. Its challenge is good for one registration "
                    + "within the timeout; a new start replaces it.")
    @ApiResponse(responseCode = "200", description = "The options for the authenticator", useReturnTypeSchema = true)
    @TooManyPasskeys
    @ApiDocs.StepUp
    @ApiDocs.CrossSiteForbidden
    @PasskeyOptionsEnvelope Envelope<RegistrationOptions> registrationOptions(
            HttpRequest<?> request,
            Authentication authentication);

    @Operation(operationId = "registerPasskey", summary = "Register a passkey",
            description = "The body is PublicKeyCredential.toJSON() of the credential navigator.credentials.create() "
                    + "made with the registration options, plus name (optional, 1 to 64 characters). The challenge "
                    + "it answers is used up whatever the outcome.")
    @ApiResponse(responseCode = "201", description = "Registered", useReturnTypeSchema = true,
            headers = @Header(name = "Location", description = "The new passkey's path, which DELETE takes",
                    schema = @Schema(type = "string")))
    @ApiResponse(responseCode = "400", description = "INVALID_INPUT: not a registration response, or a bad name; "
            + "PASSKEY_CHALLENGE_INVALID: the challenge is unknown, used already, another user's or expired; "
            + "PASSKEY_ORIGIN_REFUSED: made on a page of an origin this service does not serve; "
            + "PASSKEY_VERIFICATION_FAILED: signature, relying party, user verification or flags do not verify",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiResponse(responseCode = "409", description = "PASSKEY_ALREADY_REGISTERED: this credential is registered "
            + "already; TOO_MANY_PASSKEYS: the caller holds as many passkeys as allowed",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.StepUp
    @ApiDocs.JsonRequest
    @ApiDocs.CrossSiteForbidden
    HttpResponse<@PasskeyEnvelope Envelope<PasskeyResponse>> registerPasskey(
            HttpRequest<?> request,
            Authentication authentication,
            @RequestBody(required = true,
            content = @Content(schema = @Schema(implementation = RegisterPasskeyRequest.class))) JsonNode body);

    @Operation(operationId = "listPasskeys", summary = "The caller's passkeys",
            description = "Oldest first; no key material.")
    @PasskeyListEnvelope Envelope<List<PasskeyResponse>> passkeys(Authentication authentication);

    @Operation(operationId = "deletePasskey", summary = "Delete one of the caller's passkeys",
            description = "It can no longer be used to log in; the authenticator keeps it until removed there.")
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    @PasskeyNotFound
    @ApiDocs.StepUp
    @ApiDocs.CrossSiteForbidden
    HttpResponse<Void> delete(HttpRequest<?> request, Authentication authentication, String passkeyId);

    /** A passkey id of the caller's path. */
    @Documented
    @Inherited
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @ApiResponse(responseCode = "404",
            description = "PASSKEY_NOT_FOUND: no such passkey of the caller (another user's gets the same answer)",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @interface PasskeyNotFound {
    }

    @Documented
    @Inherited
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @ApiResponse(responseCode = "409",
            description = "TOO_MANY_PASSKEYS: the caller holds as many passkeys as allowed; delete one first",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @interface TooManyPasskeys {
    }

    /** The names of this resource's generic answers in the API description (see {@link Envelope}). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "PasskeyEnvelope")
    @interface PasskeyEnvelope {
    }

    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "PasskeyListEnvelope")
    @interface PasskeyListEnvelope {
    }

    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "PasskeyRegistrationOptionsEnvelope")
    @interface PasskeyOptionsEnvelope {
    }

    /** The body of {@code POST /api/user/passkeys}; the controller reads it as a JSON tree: this only documents it. */
    @Schema(name = "RegisterPasskeyRequest", requiredProperties = {"id", "rawId", "type", "response"})
    record RegisterPasskeyRequest(
            @Schema(description = "The credential id, base64url") String id,
            @Schema(description = "The same as id, base64url: one that differs is refused") String rawId,
            @Schema(example = "public-key") String type,
            @Schema(description = "AuthenticatorAttestationResponseJSON: clientDataJSON, attestationObject and "
                    + "transports (at most 16, of at most 32 characters; only WebAuthn's are kept), with the others "
                    + "toJSON() adds") Map<String, Object> response,
            @Schema(description = "Client extension results; {} when none", nullable = true)
            @Nullable Map<String, Object> clientExtensionResults,
            @Schema(description = "platform or cross-platform", nullable = true)
            @Nullable String authenticatorAttachment,
            @Schema(description = "What you call the passkey: 1 to 64 characters, no control or bidi control "
                    + "characters; left out or null: the date",
                    nullable = true) @Nullable String name) {
    }
}
