package dev.authservice.adapter.in.web.user;

import dev.authservice.adapter.in.web.api.ApiDocs;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.security.authentication.Authentication;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

/** The OpenAPI description of {@link AdminUserAccessController}, apart from its code. */
@Tag(name = ApiDocs.TAG_ADMIN)
@ApiDocs.BearerToken
@ApiDocs.AdminRole
@ApiDocs.UserNotFound
@ApiDocs.InternalError
interface AdminUserAccessApi {

    @Operation(summary = "Disable a user",
            description = "The user cannot log in, and every session of it ends at once.")
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    HttpResponse<Void> disable(HttpRequest<?> request, Authentication authentication, String userId);

    @Operation(summary = "Enable a user")
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    HttpResponse<Void> enable(HttpRequest<?> request, Authentication authentication, String userId);

    @Operation(summary = "End every session of a user")
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    HttpResponse<Void> revokeSessions(HttpRequest<?> request, Authentication authentication, String userId);

    @Operation(summary = "Remove every second factor of a user",
            description = "For a user who lost their authenticator app and recovery codes: the TOTP and the recovery "
                    + "codes go, every session of the user ends, and the next login needs the password only. "
                    + "Passkeys stay: DELETE .../passkeys/{passkeyId} removes one.")
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    HttpResponse<Void> resetSecondFactors(HttpRequest<?> request, Authentication authentication, String userId);
}
