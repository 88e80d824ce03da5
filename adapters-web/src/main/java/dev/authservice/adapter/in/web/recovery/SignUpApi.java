package dev.authservice.adapter.in.web.recovery;

import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
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

/** The OpenAPI description of {@link SignUpController}, apart from its code. */
@Tag(name = ApiDocs.TAG_AUTH)
@ApiDocs.InternalError
interface SignUpApi {

    @Operation(operationId = "signUpEnabled", summary = "Whether sign-up is on",
            description = "204 where sign-up is enabled (auth.sign-up.enabled); 404 elsewhere, as every sign-up path.",
            security = {})
    @ApiResponse(responseCode = "204", description = "Sign-up is on")
    HttpResponse<?> enabled();

    @Operation(operationId = "signUp", summary = "Ask for an account",
            description = "A username, an email address and a password, under the rules every new account meets. "
                    + "The answer is 202 whether or not the name or the address is taken, so it tells no one who has "
                    + "an account: a free name and address make an account, pending until the link mailed to the "
                    + "address is followed; an address an account has is told someone tried to sign up with it; a "
                    + "free address with a taken name is told the name is taken. Limited per address named and per "
                    + "client address.", security = {})
    @ApiResponse(responseCode = "202", description = "Taken: a mail is on its way to the address")
    @ApiResponse(responseCode = "400", description = "WEAK_PASSWORD: too short, too common or containing the "
            + "username; INVALID_INPUT: malformed JSON, a missing field, a malformed address or username, or a "
            + "username the security profile refuses. Nothing is stored",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiResponse(responseCode = "429", description = "SIGN_UP_THROTTLED: too many sign-ups for this address, or "
            + "from this client address",
            headers = @Header(name = "Retry-After", description = "Seconds to wait",
                    schema = @Schema(type = "integer")),
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.JsonRequest
    @ApiDocs.CrossSiteForbidden
    HttpResponse<?> signUp(
            HttpRequest<?> request,
            @RequestBody(required = true, content = @Content(
                    schema = @Schema(implementation = SignUpRequest.class))) JsonNode body);

    @Operation(operationId = "sendSignUpVerificationMail", summary = "Mail a pending account's link again",
            description = "Names a username or an email address. If it is an account made by sign-up whose address "
                    + "is not verified yet, a new link is mailed to it (the one before is void); the answer is 202 "
                    + "either way, at once. Limited per name or address named and per client address.",
            security = {})
    @ApiResponse(responseCode = "202", description = "Taken: a link is on its way if the account is pending")
    @ApiResponse(responseCode = "400", description = "INVALID_INPUT: malformed JSON, or an identifier that is no "
            + "username or address",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiResponse(responseCode = "429", description = "SIGN_UP_THROTTLED: too many requests for this name or "
            + "address, or from this client address",
            headers = @Header(name = "Retry-After", description = "Seconds to wait",
                    schema = @Schema(type = "integer")),
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.JsonRequest
    @ApiDocs.CrossSiteForbidden
    HttpResponse<?> sendVerificationMail(
            HttpRequest<?> request,
            @RequestBody(required = true, content = @Content(
                    schema = @Schema(implementation = SignUpMailRequest.class))) JsonNode body);

    /** The body of {@code POST /api/sign-up}. */
    @Schema(name = "SignUpRequest", requiredProperties = {"username", "email", "password"})
    record SignUpRequest(@Schema(example = "carol") String username,
                         @Schema(example = "carol@example.com") String email,
                         @Schema(example = "a-long-and-uncommon-passphrase") String password) {
    }

    /** The body of {@code POST /api/sign-up/verification-mail}. */
    @Schema(name = "SignUpMailRequest", requiredProperties = {"identifier"})
    record SignUpMailRequest(@Schema(example = "carol") String identifier) {
    }
}
