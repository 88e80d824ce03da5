package dev.authservice.adapter.in.web.passkey;

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

/** The OpenAPI description of {@link AdminUserPasskeysController}, apart from its code. */
@Tag(name = ApiDocs.TAG_ADMIN)
@ApiDocs.BearerToken
@ApiDocs.AdminRole
@ApiDocs.InternalError
interface AdminUserPasskeysApi {

    @Operation(operationId = "listUserPasskeys", summary = "A user's passkeys", description = "Oldest first.")
    @ApiDocs.UserNotFound
    Envelope<List<PasskeysController.PasskeyResponse>> passkeys(String userId);

    @Operation(operationId = "removeUserPasskey", summary = "Remove a passkey of a user",
            description = "It can no longer be used to log in, and every session of the user ends: one it started "
                    + "included.")
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    @ApiResponse(responseCode = "404", description = "USER_NOT_FOUND: no user with this id, or not an id; "
            + "PASSKEY_NOT_FOUND: the user has no passkey with this id",
            content = @Content(mediaType = ApiDocs.JSON,
                    schema = @Schema(implementation = ErrorEnvelope.class)))
    HttpResponse<Void> remove(HttpRequest<?> request, Authentication authentication, String userId, String passkeyId);
}
