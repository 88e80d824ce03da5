package dev.authservice.adapter.in.web.federation;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;

@Tag(name = ApiDocs.TAG_AUTH)
@ApiDocs.InternalError
interface IdentityProvidersApi {

    @Operation(operationId = "listIdentityProviders", summary = "The identity providers one may sign in with",
            description = "Name and display name of each configured OpenID Connect provider, by name; none when "
                    + "none is configured.", security = {})
    @ApiResponse(responseCode = "200", description = "The providers")
    @ProviderListEnvelope Envelope<List<IdentityProvidersController.ProviderResponse>> providers();

    @Operation(operationId = "startExternalSignIn", summary = "Sign in with an identity provider (a browser "
            + "navigation)", description = "Redirects the browser to the provider's authorization endpoint: the "
            + "authorization code flow with PKCE (S256), a state and a nonce. The state is bound to this browser by "
            + "the identityProviderBinding cookie (HttpOnly, Secure, SameSite=Lax, Path=/api/identity-providers), "
            + "which the callback must bring back. A provider that cannot be reached sends the browser to "
            + "/#sign-in-error=IDENTITY_PROVIDER_UNAVAILABLE.", security = {})
    @ApiResponse(responseCode = "302", description = "To the provider",
            headers = {@Header(name = "Location", description = "The provider's authorization URL",
                    schema = @Schema(type = "string")),
                    @Header(name = "Set-Cookie", description = "identityProviderBinding=<opaque>",
                            schema = @Schema(type = "string"))})
    @ApiResponse(responseCode = "303", description = "The provider is down or slow: to /#sign-in-error=<code>")
    @ApiResponse(responseCode = "404", description = "IDENTITY_PROVIDER_NOT_FOUND: no provider of this name",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @TooManyStarted
    HttpResponse<?> authorization(HttpRequest<?> request, String name);

    @Operation(operationId = "completeExternalSignIn", summary = "The provider's callback (a browser navigation)",
            description = "Checks the state (known, unused, unexpired, this provider's, this browser's), the "
                    + "response's iss (RFC 9207), exchanges the code with the PKCE verifier and validates the ID "
                    + "token (signature, iss, aud, azp, exp, iat, nonce). A sign-in then signs into the local "
                    + "account linked to the identity, and only that one, exactly as a password login: the "
                    + "refreshToken cookie is set and the browser is sent to / , where the client takes its access "
                    + "token from POST /api/refresh. No token is ever in a URL. Its access tokens say amr [\"fed\"]. "
                    + "A link started by POST /api/user/identities ends at /#identity-linked. Any refusal ends at "
                    + "/#sign-in-error=<code>: EXTERNAL_STATE_INVALID, EXTERNAL_SIGN_IN_REFUSED, IDENTITY_NOT_LINKED, "
                    + "IDENTITY_LINKED_ELSEWHERE, "
                    + "EXTERNAL_SIGN_IN_ACCOUNT_UNAVAILABLE or IDENTITY_PROVIDER_UNAVAILABLE. An account with a second "
                    + "factor continues as after a right password: /#second-factor=<ticket>&methods=<m1,m2>, the "
                    + "ticket for POST /api/login/second-factor, whose tokens then say amr [\"fed\", \"otp\", \"mfa\"] "
                    + "(or fed with the recovery code's or passkey's values).", security = {})
    @ApiResponse(responseCode = "303", description = "To / (signed in: with the refreshToken cookie), "
            + "/#second-factor=<ticket>&methods=<methods>, /#identity-linked, or /#sign-in-error=<code>",
            headers = @Header(name = "Set-Cookie", description = "refreshToken=<opaque>; Max-Age=<refresh ttl>; "
                    + "Path=/api/refresh; Secure; HttpOnly; SameSite=Strict, on a sign-in; and the binding cleared",
                    schema = @Schema(type = "string")))
    HttpResponse<?> callback(HttpRequest<?> request, String name, String state, String code, String iss,
                             String error);

    /** A client address holding as many open sign-ins and links as {@code OpenPerAddressLimit} lets it. */
    @Documented
    @Inherited
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @ApiResponse(responseCode = "429", description = "TOO_MANY_EXTERNAL_SIGN_INS: this client address holds as many "
            + "sign-ins and links started and not come back as it may; another starts once the first of them expires. "
            + "Nothing is stored, and the browser is not redirected",
            headers = @Header(name = "Retry-After", description = "Seconds to wait",
                    schema = @Schema(type = "integer")),
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @interface TooManyStarted {
    }

    /** The name of the list's generic answer in the API description (see {@link Envelope}). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "IdentityProviderListEnvelope")
    @interface ProviderListEnvelope {
    }
}
