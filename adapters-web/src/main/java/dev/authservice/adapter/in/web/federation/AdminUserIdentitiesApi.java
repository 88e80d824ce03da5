package dev.authservice.adapter.in.web.federation;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.security.authentication.Authentication;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;

@Tag(name = ApiDocs.TAG_ADMIN)
@ApiDocs.BearerToken
@ApiDocs.AdminRole
@ApiDocs.InternalError
interface AdminUserIdentitiesApi {

    @Operation(operationId = "listUserIdentities", summary = "A user's linked identities", description = "Oldest "
            + "first.")
    @ApiDocs.UserNotFound
    @IdentitiesApi.LinkedIdentityListEnvelope Envelope<List<IdentitiesController.IdentityResponse>> identities(
            String userId);

    @Operation(operationId = "removeUserIdentity", summary = "Unlink an identity of a user",
            description = "It signs in no more, and every session of the user ends: one it started included. The "
                    + "user's verified address is told.")
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    @ApiResponse(responseCode = "404", description = "IDENTITY_NOT_FOUND: no such user, or the user has no "
            + "identity with this id",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiResponse(responseCode = "409", description = "LAST_WAY_TO_SIGN_IN",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    HttpResponse<Void> remove(HttpRequest<?> request, Authentication authentication, String userId,
                              String identityId);
}
